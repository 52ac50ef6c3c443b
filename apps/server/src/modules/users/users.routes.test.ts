import { randomUUID } from 'node:crypto';
import { Profile, ROLE_TOKENS } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, asWriter, createVisit as createVisitRow, setFeature, setUserFeature, type UserOverrides } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { hashPassword } from '../../lib/password';
import { RATE_LIMITS } from '../../lib/rate-limits';

// PeerTube-style parameter checks: every endpoint with each role and with bad input.

let t: TestApp;
let passwordHash: string;
const clock = { ms: Date.parse('2030-05-01T12:00:00Z') };

/** A member with the suite's one password (the log-in tests use it) and a session. */
const createUser = (username: string, extra: UserOverrides = {}) => asMember(t, { username, passwordHash, ...extra });

const createVisit = (country: string | null, extra: { region?: string; campaign?: string } = {}) => createVisitRow(t, { country, ...extra });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers });
}
function postRaw(url: string, body: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/json', ...headers } });
}
function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

let member: { id: number; token: string };
let premium: { id: number; token: string };
let revokedToken: string;

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(clock.ms) });
  // One shared hash for every user: Argon2 is slow on purpose.
  passwordHash = await hashPassword('correct horse battery');
  member = await createUser('Member_One');
  premium = await createUser('premium_one', { premiumUntil: new Date(clock.ms + 30 * 86_400_000) });
  const revoked = await createUser('revoked_one');
  revokedToken = revoked.token;
  await t.services.sessions.revokeAllForUser(revoked.id);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/user/profile', () => {
  it('answers a visitor with 401', async () => {
    const res = await get('/api/user/profile');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.any(String) } });
  });

  it('answers a garbage, a revoked and a malformed bearer token with 401', async () => {
    for (const headers of [bearer('garbage'), bearer(revokedToken), bearer('x'.repeat(5000)), { authorization: 'Basic abc' }]) {
      expect((await get('/api/user/profile', headers)).statusCode).toBe(401);
    }
  });

  it('gives a member every field of the profile contract, with the defaults of a new account', async () => {
    const res = await get('/api/user/profile', bearer(member.token));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // strict(): no field missing, none extra.
    expect(() => Profile.strict().parse(body)).not.toThrow();
    expect(Object.keys(body).sort()).toEqual(Object.keys(Profile.shape).sort());
    expect(body).toMatchObject({
      id: member.id,
      username: 'Member_One',
      email: 'Member_One@example.com',
      language: 'en',
      premium_until: null,
      registration_campaign: null,
      registration_region: null,
      coins: 0,
      email_verified: false,
      avatar: null,
      avatar_url: '/media/avatars/default.svg',
      playdate_notification: true,
      camera_mail_notification: true,
      newsletter_subscribed: false,
      age_verified: false,
      is_team_member: false,
      model_id: null,
      company: null,
      settings: { playdate_block: true, upcoming_playdate_block: true },
      subscription: null,
      law_limitations: [],
    });
  });

  it('gives a premium member premium_until in unix seconds', async () => {
    const body = (await get('/api/user/profile', bearer(premium.token))).json();
    expect(body.premium_until).toBe(Math.floor(clock.ms / 1000) + 30 * 86_400);
  });

  it('shows the balance of the member\'s coin ledger account', async () => {
    const u = await createUser('coin_holder');
    const coins = t.services.coins;
    await coins.grant(u.id, 100, 'Welcome coins', `users-test:${u.id}:1`);
    await coins.grant(u.id, 5, 'Bonus', `users-test:${u.id}:2`);
    expect((await get('/api/user/profile', bearer(u.token))).json().coins).toBe(105);
    expect((await get('/api/user/profile', bearer(u.token))).json().coins).toBe(await coins.balance(u.id));
  });

  it('merges site-wide feature flags with the user\'s own overrides', async () => {
    const u = await createUser('flagged');
    await setFeature(t, 'trailer', { is_active: true });
    await setFeature(t, 'double_opt_in', { is_active: false, version: 'v1' });
    await setUserFeature(t, u.id, 'double_opt_in', { is_active: true, version: 'subscribers', settings: { can_show_av_popup: true } });
    const { features } = (await get('/api/user/profile', bearer(u.token))).json();
    expect(features.trailer).toEqual({ is_active: true, version: null, settings: {} });
    expect(features.double_opt_in).toEqual({ is_active: true, version: 'subscribers', settings: { can_show_av_popup: true } });
    // Another user still sees the site-wide value.
    expect((await get('/api/user/profile', bearer(member.token))).json().features.double_opt_in.is_active).toBe(false);
  });

  it('gives the avatar URL of the product §3 rule: default, the one of the account, a chosen one', async () => {
    const urlOf = async (u: { token: string }) => (await get('/api/user/profile', bearer(u.token))).json().avatar_url;
    expect(await urlOf(await createUser('avatar_default'))).toBe('/media/avatars/default.svg');
    const own = await createUser('avatar_own', { avatar: 0 });
    expect(await urlOf(own)).toBe(`/media/avatars/users/${own.id}.svg`);
    expect(await urlOf(await createUser('avatar_chosen', { avatar: 12 }))).toBe('/media/avatars/12.svg');
  });

  it('builds the avatar URL on the CDN host when CDN_URL is set', async () => {
    const other = await buildTestApp({ env: { CDN_URL: 'https://cdn.example.test/' } });
    try {
      const { headers } = await asMember(other, { username: 'cdn_user', avatar: 3 });
      const res = await other.app.inject({ method: 'GET', url: '/api/user/profile', headers });
      expect(res.json().avatar_url).toBe('https://cdn.example.test/media/avatars/3.svg');
    } finally {
      await other.close();
    }
  });

  it('says whether the email address is verified', async () => {
    const u = await createUser('verified_one', { emailVerified: true });
    expect((await get('/api/user/profile', bearer(u.token))).json().email_verified).toBe(true);
    expect((await get('/api/user/profile', bearer(member.token))).json().email_verified).toBe(false);
  });

  it('shows a block unless the user hid it', async () => {
    const u = await createUser('block_hider', { playdateBlockHidden: true });
    expect((await get('/api/user/profile', bearer(u.token))).json().settings).toEqual({ playdate_block: false, upcoming_playdate_block: true });
  });

  it('reports the registration campaign as an object and the region', async () => {
    const u = await createUser('from_campaign', { registrationCampaign: 'spring-24', registrationRegion: 'Bavaria' });
    const body = (await get('/api/user/profile', bearer(u.token))).json();
    expect(body.registration_campaign).toEqual({ id: 'spring-24' });
    expect(body.registration_region).toBe('Bavaria');
  });

  describe('law limitations follow the current country', () => {
    it('limits a user whose current visit is from SE', async () => {
      const visit = await createVisit('SE');
      const body = (await get('/api/user/profile', { ...bearer(member.token), 'x-visit-id': visit })).json();
      expect(body.law_limitations).toEqual(['country:SE']);
    });

    it('falls back to the registration country without a visit, and to the address country after that', async () => {
      const registered = await createUser('registered_in_se', { registrationCountry: 'SE' });
      expect((await get('/api/user/profile', bearer(registered.token))).json().law_limitations).toEqual(['country:SE']);
      const lives = await createUser('lives_in_se', { personalData: { country: 'se' } });
      expect((await get('/api/user/profile', bearer(lives.token))).json().law_limitations).toEqual(['country:SE']);
    });

    it('lets the current visit from elsewhere lift the limit of the registration country', async () => {
      const registered = await createUser('travels_from_se', { registrationCountry: 'SE' });
      const visit = await createVisit('DE');
      expect((await get('/api/user/profile', { ...bearer(registered.token), 'x-visit-id': visit })).json().law_limitations).toEqual([]);
    });

    it('ignores an unknown or malformed visit id', async () => {
      const registered = await createUser('unknown_visit', { registrationCountry: 'SE' });
      for (const visitId of [randomUUID(), 'not-a-uuid']) {
        const res = await get('/api/user/profile', { ...bearer(registered.token), 'x-visit-id': visitId });
        expect(res.statusCode).toBe(200);
        expect(res.json().law_limitations).toEqual(['country:SE']);
      }
    });
  });
});

describe('POST /api/user/lang', () => {
  it('answers a visitor and a garbage token with 401', async () => {
    expect((await post('/api/user/lang', { lang: 'de' })).statusCode).toBe(401);
    expect((await post('/api/user/lang', { lang: 'de' }, bearer('garbage'))).statusCode).toBe(401);
    expect((await post('/api/user/lang', { lang: 'de' }, bearer(revokedToken))).statusCode).toBe(401);
  });

  it('stores the language; the profile reflects it', async () => {
    const u = await createUser('polyglot');
    const res = await post('/api/user/lang', { lang: 'fr' }, bearer(u.token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect((await get('/api/user/profile', bearer(u.token))).json().language).toBe('fr');
  });

  it.each([
    ['an unknown language', { lang: 'xx' }],
    ['a missing lang', {}],
    ['a wrong type', { lang: 1 }],
    ['an oversized value', { lang: 'de'.repeat(5000) }],
  ])('rejects %s with 400 naming the field', async (_, payload) => {
    const res = await post('/api/user/lang', payload, bearer(member.token));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { lang: expect.any(String) } });
  });

  it('rejects a malformed JSON body with 400', async () => {
    const res = await postRaw('/api/user/lang', '{"lang": "de"', bearer(member.token));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_JSON');
  });
});

describe('POST /api/user/validate_username', () => {
  const url = '/api/user/validate_username';

  it('accepts a free, well-formed name, for a visitor and a member alike', async () => {
    for (const headers of [{}, bearer(member.token), bearer('garbage')]) {
      const res = await post(url, { username: 'fresh_name' }, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ valid: true, reason: null, message: null });
    }
  });

  it('reports a taken name whatever its case', async () => {
    const res = await post(url, { username: 'member_one' });
    expect(res.json()).toEqual({ valid: false, reason: 'taken', message: 'This username is taken' });
  });

  it.each([
    ['too short', 'ab', 'Must be at least 3 characters'],
    ['too long', 'a'.repeat(33), 'Must be at most 32 characters'],
    ['with a space', 'two words', 'Use only letters, digits, dot, dash and underscore'],
    ['an email address', 'ada@example.com', 'Use only letters, digits, dot, dash and underscore'],
    ['empty', '', 'Must be at least 3 characters'],
  ])('reports a name %s as a format problem', async (_, username, message) => {
    const res = await post(url, { username });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: false, reason: 'format', message });
  });

  it.each([
    ['a missing username', {}],
    ['a wrong type', { username: 42 }],
    ['an oversized string', { username: 'a'.repeat(300) }],
  ])('rejects %s with 400 naming the field', async (_, payload) => {
    const res = await post(url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('username');
  });

  it('rejects a malformed JSON body and a missing body with 400', async () => {
    expect((await postRaw(url, '{username: x}')).statusCode).toBe(400);
    const res = await t.app.inject({ method: 'POST', url });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe('POST /api/user/validate_email', () => {
  const url = '/api/user/validate_email';

  it('accepts a free, well-formed address', async () => {
    const res = await post(url, { email: 'new.person@example.org' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: true, reason: null, message: null });
  });

  it('reports a taken address whatever its case', async () => {
    const res = await post(url, { email: 'MEMBER_ONE@EXAMPLE.COM' }, bearer(member.token));
    expect(res.json()).toEqual({ valid: false, reason: 'taken', message: 'An account with this email exists' });
  });

  it.each(['not-an-email', 'a@', '', 'two@at@example.com'])('reports %j as a format problem', async (email) => {
    const res = await post(url, { email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ valid: false, reason: 'format', message: expect.any(String) });
  });

  it.each([
    ['a missing email', {}],
    ['a wrong type', { email: ['a@b.c'] }],
    ['an oversized string', { email: `${'a'.repeat(300)}@example.com` }],
  ])('rejects %s with 400 naming the field', async (_, payload) => {
    const res = await post(url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('email');
  });

  it('rejects a malformed JSON body with 400', async () => {
    expect((await postRaw(url, '"')).statusCode).toBe(400);
  });
});

describe('validate_username and validate_email from one address', () => {
  const probe = (i: number, remoteAddress: string) =>
    i % 2 === 0
      ? t.app.inject({ method: 'POST', url: '/api/user/validate_username', payload: { username: `probe_${i}` }, remoteAddress })
      : t.app.inject({ method: 'POST', url: '/api/user/validate_email', payload: { email: `probe${i}@example.com` }, remoteAddress });

  it(`answer ${RATE_LIMITS.identityChecksPerAddress.points} probes together, in parallel too, then 429 naming the limit, with Retry-After`, async () => {
    const limit = RATE_LIMITS.identityChecksPerAddress.points;
    const answers = await Promise.all(Array.from({ length: limit + 10 }, (_, i) => probe(i, '203.0.113.9')));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(limit);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(10);
    expect(refused[0]!.json().error).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: expect.stringContaining(`at most ${limit} per 10 minutes`) });
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(500);
    // Another address is answered as before.
    expect((await probe(0, '203.0.113.10')).statusCode).toBe(200);
  });
});

describe('GET /api/roles', () => {
  it('gives a visitor, a garbage and a revoked token an empty list', async () => {
    for (const headers of [{}, bearer('garbage'), bearer(revokedToken)]) {
      const res = await get('/api/roles', headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    }
  });

  it('gives a member without roles an empty list', async () => {
    expect((await get('/api/roles', bearer(member.token))).json()).toEqual([]);
  });

  it('gives a member the tokens of their roles, leaving out roles the client does not know', async () => {
    const u = await createUser('staff_person', { roles: ['writer', 'retagger', 'superuser'] });
    const res = await get('/api/roles', bearer(u.token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ token: 'retagger' }, { token: 'writer' }]);
    for (const r of res.json()) expect(ROLE_TOKENS).toContain(r.token);
  });

  it('still lists a role the user switched off locally, so the app can offer to switch it back on', async () => {
    const u = await asWriter(t, { username: 'staff_switcher' });
    const res = await t.app.inject({ method: 'GET', url: '/api/roles', headers: { ...bearer(u.token), cookie: 'disabled_roles=writer' } });
    expect(res.json()).toEqual([{ token: 'writer' }]);
  });
});

describe('GET /api/roles on a deployment with DISABLED_ROLES', () => {
  it('leaves the deployment-disabled roles out', async () => {
    const other = await buildTestApp({ env: { DISABLED_ROLES: 'retagger' } });
    try {
      const { headers } = await asMember(other, { username: 'staff_x', roles: ['writer', 'retagger'] });
      const res = await other.app.inject({ method: 'GET', url: '/api/roles', headers });
      expect(res.json()).toEqual([{ token: 'writer' }]);
    } finally {
      await other.close();
    }
  });
});
