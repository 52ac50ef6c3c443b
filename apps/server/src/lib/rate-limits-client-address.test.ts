import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { RATE_LIMITS } from './rate-limits';

// Limits per address count the client's address: the socket's, or behind a reverse proxy (TRUST_PROXY=1) the one
// that proxy saw. A client's own X-Forwarded-For must never let it pose as a new address.

const LIMIT = RATE_LIMITS.identityChecksPerAddress.points;

function probe(t: TestApp, remoteAddress: string, forwardedFor?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/validate_username',
    payload: { username: 'someone' },
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
}

async function statusesOf(attempts: Array<() => Promise<{ statusCode: number }>>) {
  const statuses: number[] = [];
  for (const attempt of attempts) statuses.push((await attempt()).statusCode);
  return statuses;
}

describe('without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For: a new header each time does not make a new address', async () => {
    const statuses = await statusesOf(Array.from({ length: LIMIT + 1 }, (_, i) => () => probe(t, '192.0.2.60', `203.0.113.${i}`)));
    expect(statuses.slice(0, LIMIT).every((s) => s === 200)).toBe(true);
    expect(statuses[LIMIT]).toBe(429);
  });
});

describe('with TRUST_PROXY=1', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());
  const PROXY = '10.0.0.1';

  it('counts the address the proxy saw, so clients behind one proxy are limited apart', async () => {
    const statuses = await statusesOf(Array.from({ length: LIMIT + 1 }, () => () => probe(t, PROXY, '203.0.113.77')));
    expect(statuses[LIMIT]).toBe(429);
    expect((await probe(t, PROXY, '203.0.113.78')).statusCode).toBe(200);
  });

  it('takes the entry the proxy added, not what the client wrote before it', async () => {
    const statuses = await statusesOf(Array.from({ length: LIMIT + 1 }, (_, i) => () => probe(t, PROXY, `198.51.100.${i}, 203.0.113.79`)));
    expect(statuses.slice(0, LIMIT).every((s) => s === 200)).toBe(true);
    expect(statuses[LIMIT]).toBe(429);
  });
});
