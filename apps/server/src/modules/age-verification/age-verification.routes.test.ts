import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../../test/catalog-fixture';
import { asMember } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { AGE_VERIFICATION_TTL_MS } from './age-verification.service';

let t: TestApp;
const clock = { ms: Date.parse('2030-05-01T12:00:00Z') };
const now = () => new Date(clock.ms);

const bearer = (v: Viewer) => ({ authorization: `Bearer ${v.token}` });
const freshMember = () => asMember(t);
const profileOf = async (v: Viewer) => (await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(v) })).json();
const start = (v: Viewer) => t.app.inject({ method: 'GET', url: '/api/user/verification_age', headers: bearer(v) });
const openPage = (url: string) => t.app.inject({ method: 'GET', url });
const submitForm = (action: string, decision: string) =>
  t.app.inject({ method: 'POST', url: action, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `decision=${decision}` });

/** The form's action, read from the page as a browser would. */
function actionOf(html: string): string {
  const match = /<form method="post" action="([^"]+)">/.exec(html);
  expect(match).not.toBeNull();
  return match![1]!.replace(/&amp;/g, '&');
}

beforeAll(async () => {
  t = await buildTestApp({ now });
  await t.services.features.set({ name: 'age_verification', is_active: true, version: null, settings: {} });
});

afterAll(async () => {
  await t.close();
});

describe('age verification with the sandbox provider, end to end', () => {
  it('starts, shows the page, confirms, and the profile is verified', async () => {
    const u = await freshMember();
    const before = await profileOf(u);
    expect(before.age_verified).toBe(false);
    expect(before.features.age_verification).toEqual({ is_active: true, version: null, settings: { can_show_av_popup: true } });

    const started = await start(u);
    expect(started.statusCode).toBe(200);
    const { url } = started.json();
    expect(url).toMatch(/^\/api\/age-verification\/sandbox\/[A-Za-z0-9_-]{43}$/);

    const page = await openPage(url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('Confirm I am 18+');
    expect(page.body).toContain('Cancel');
    expect(page.body).not.toContain('<script');
    const action = actionOf(page.body);
    expect(action).toBe(`${url}/complete`);

    const done = await submitForm(action, 'confirm');
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/?age_verification=success');

    const after = await profileOf(u);
    expect(after.age_verified).toBe(true);
    expect(after.features.age_verification.settings.can_show_av_popup).toBe(false);
  });

  it('is single use: the page and the form answer 404 after completion', async () => {
    const u = await freshMember();
    const { url } = (await start(u)).json();
    expect((await submitForm(`${url}/complete`, 'confirm')).statusCode).toBe(303);
    const again = await openPage(url);
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain('expired');
    expect((await submitForm(`${url}/complete`, 'confirm')).statusCode).toBe(404);
  });

  it('cancelling leaves the member unverified and returns with the cancelled marker', async () => {
    const u = await freshMember();
    const { url } = (await start(u)).json();
    const res = await submitForm(`${url}/complete`, 'cancel');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/?age_verification=cancelled');
    expect((await profileOf(u)).age_verified).toBe(false);
    // A cancelled attempt is spent; a new one can be started.
    expect((await submitForm(`${url}/complete`, 'confirm')).statusCode).toBe(404);
    const next = (await start(u)).json().url;
    expect((await submitForm(`${next}/complete`, 'confirm')).statusCode).toBe(303);
    expect((await profileOf(u)).age_verified).toBe(true);
  });

  it('expires an attempt after its time', async () => {
    const u = await freshMember();
    const { url } = (await start(u)).json();
    clock.ms += AGE_VERIFICATION_TTL_MS + 1000;
    try {
      expect((await openPage(url)).statusCode).toBe(404);
      expect((await submitForm(`${url}/complete`, 'confirm')).statusCode).toBe(404);
      expect((await profileOf(u)).age_verified).toBe(false);
    } finally {
      clock.ms -= AGE_VERIFICATION_TTL_MS + 1000;
    }
  });

  it('accepts the decision as JSON too, and rejects a bad decision with 400', async () => {
    const u = await freshMember();
    const { url } = (await start(u)).json();
    for (const payload of ['decision=maybe', '']) {
      const res = await t.app.inject({ method: 'POST', url: `${url}/complete`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload });
      expect(res.statusCode).toBe(400);
    }
    const res = await t.app.inject({ method: 'POST', url: `${url}/complete`, payload: { decision: 'confirm' } });
    expect(res.statusCode).toBe(303);
  });

  it('answers 404 for an unknown or malformed session', async () => {
    for (const session of ['A'.repeat(43), 'short', '<script>alert(1)</script>']) {
      const res = await openPage(`/api/age-verification/sandbox/${encodeURIComponent(session)}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('<script>alert');
      expect((await submitForm(`/api/age-verification/sandbox/${encodeURIComponent(session)}/complete`, 'confirm')).statusCode).toBe(404);
    }
  });

  it('answers a visitor on GET /user/verification_age with 401', async () => {
    for (const headers of [{}, { authorization: 'Bearer garbage' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/user/verification_age', headers });
      expect(res.statusCode).toBe(401);
    }
  });

  it('keeps the popup off when the feature settings turn it off', async () => {
    await t.services.features.set({ name: 'age_verification', is_active: true, version: null, settings: { can_show_av_popup: false } });
    try {
      expect((await profileOf(await freshMember())).features.age_verification.settings.can_show_av_popup).toBe(false);
    } finally {
      await t.services.features.set({ name: 'age_verification', is_active: true, version: null, settings: {} });
    }
  });
});

describe('age verification without a provider (AGE_VERIFICATION_PROVIDER=none)', () => {
  it('answers 503 and has no sandbox page', async () => {
    const off = await buildTestApp({ env: { AGE_VERIFICATION_PROVIDER: 'none' } });
    try {
      const u = await asMember(off, { username: 'no_provider' });
      const res = await off.app.inject({ method: 'GET', url: '/api/user/verification_age', headers: bearer(u) });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('AGE_VERIFICATION_UNAVAILABLE');
      expect((await off.app.inject({ method: 'GET', url: `/api/age-verification/sandbox/${'A'.repeat(43)}` })).statusCode).toBe(404);
      // The profile still carries the feature even when no row exists; while it is off, no popup is due.
      const profile = (await off.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(u) })).json();
      expect(profile.features.age_verification).toEqual({ is_active: false, version: null, settings: { can_show_av_popup: false } });
    } finally {
      await off.close();
    }
  });
});
