import { ENDPOINTS, type EndpointSpec } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asModel, asPremium, type LoggedIn } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';

// Every playdate call that takes an id in its path refuses one past PostgreSQL's integer range with a 400 naming it,
// before the database sees it (a fuzz run once found a 500 here: "value out of range for type integer").

let t: TestApp;
let premium: LoggedIn;
let model: LoggedIn;

beforeAll(async () => {
  t = await buildTestApp();
  premium = await asPremium(t);
  model = await asModel(t);
});
afterAll(async () => {
  await t?.close();
});

const withId = Object.entries(ENDPOINTS as Record<string, EndpointSpec>).filter(
  ([name, e]) => (name.startsWith('playdates.') || name.startsWith('studio.playdates.')) && e.path.includes(':id'),
);

describe('playdate ids past the integer range', () => {
  it('covers the calls with an id', () => {
    expect(withId.length).toBeGreaterThan(15);
  });

  it.each(withId)('%s answers 400 for id 2147483648', async (name, e) => {
    const url = `/api${e.path.replace(':type', 'private').replace(':id', '2147483648')}`;
    const who = name.startsWith('studio.') ? model : premium;
    const res = await t.app.inject({ method: e.method, url, headers: who.headers, ...(e.body ? { payload: {} } : {}) });
    expect(res.statusCode, res.body).toBe(400);
    expect((res.json() as { error: { fields?: Record<string, string> } }).error.fields).toHaveProperty('id');
  });
});
