import { AccessTokenResponse, HAND_OVER_CODE_TTL_SECONDS, HandOverCode } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, bearer, createUser, loginAs, type LoggedIn } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { RATE_LIMITS } from '../../lib/rate-limits';

// The sister-domain hand-over (a one-time code instead of the session token in a URL) and the look-ups that let the
// page ask "Log in as …?" before it uses a link (decision record 030).

let t: TestApp;
const clock = { ms: Date.parse('2030-05-01T12:00:00Z') };
let addressCounter = 0;
/** A client address of its own, so the look-up limit of one test never counts against another's. */
const freshAddress = () => `10.9.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

function post(url: string, payload?: unknown, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') {
  return t.app.inject({ method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as object }), headers, remoteAddress });
}
const profile = (token: string) => t.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(token) });

async function handOverCode(member: LoggedIn): Promise<HandOverCode> {
  const res = await post('/api/auth/hand_over', undefined, member.headers);
  expect(res.statusCode).toBe(201);
  return HandOverCode.strict().parse(res.json());
}

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(clock.ms) });
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/auth/hand_over', () => {
  it('answers a one-time code that is not the session token and expires within a minute', async () => {
    const member = await asMember(t);
    const { code, expires_at } = await handOverCode(member);
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(code).not.toBe(member.token);
    expect(expires_at).toBe(Math.floor(clock.ms / 1000) + HAND_OVER_CODE_TTL_SECONDS);
    expect(HAND_OVER_CODE_TTL_SECONDS).toBeLessThanOrEqual(60);
  });

  it('stores only a hash of the code', async () => {
    const { code } = await handOverCode(await asMember(t));
    const rows = await t.deps.db.query<{ key_hash: string }>(`SELECT key_hash FROM one_time_keys WHERE purpose = 'hand_over'`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.key_hash === code)).toBe(false);
  });

  it('cannot be asked for by a visitor', async () => {
    const res = await post('/api/auth/hand_over');
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/auth/hand_over/exchange', () => {
  it('logs the code’s user in once, as a new session, and never again', async () => {
    const member = await asMember(t);
    const { code } = await handOverCode(member);

    const res = await post('/api/auth/hand_over/exchange', { code });
    expect(res.statusCode).toBe(200);
    const body = AccessTokenResponse.strict().parse(res.json());
    expect(body.access_token).not.toBe(member.token);
    expect((await profile(body.access_token)).json().username).toBe(member.user.username);
    // The sister domain's session lives on: the new one is another.
    expect((await profile(member.token)).statusCode).toBe(200);

    const again = await post('/api/auth/hand_over/exchange', { code });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { code: expect.stringContaining('expired') } });
  });

  it('refuses a code after 60 seconds and takes it just before', async () => {
    const member = await asMember(t);
    const late = await handOverCode(member);
    const inTime = await handOverCode(member);
    const saved = clock.ms;
    try {
      clock.ms += HAND_OVER_CODE_TTL_SECONDS * 1000 - 1000;
      expect((await post('/api/auth/hand_over/exchange', { code: inTime.code })).statusCode).toBe(200);
      clock.ms = saved + HAND_OVER_CODE_TTL_SECONDS * 1000 + 1;
      const res = await post('/api/auth/hand_over/exchange', { code: late.code });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty('code');
    } finally {
      clock.ms = saved;
    }
  });

  it('answers 400 naming the code for an unknown, empty or missing code', async () => {
    for (const payload of [{ code: 'no-such-code' }, { code: '' }, {}, { code: 'x'.repeat(201) }]) {
      const res = await post('/api/auth/hand_over/exchange', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.fields).toHaveProperty('code');
    }
  });

  it('does not take a log-in hash or a session token as a code', async () => {
    const member = await asMember(t);
    expect((await post('/api/auth/hand_over/exchange', { code: member.token })).statusCode).toBe(400);
  });

  it('lets two parallel exchanges of one code make one session', async () => {
    const { code } = await handOverCode(await asMember(t));
    const answers = await Promise.all([post('/api/auth/hand_over/exchange', { code }), post('/api/auth/hand_over/exchange', { code })]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
  });
});

describe('POST /api/auth/hand_over/owner', () => {
  it('names the code’s user without using the code', async () => {
    const member = await asMember(t);
    const { code } = await handOverCode(member);
    const res = await post('/api/auth/hand_over/owner', { code }, {}, freshAddress());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username: member.user.username });
    expect((await post('/api/auth/hand_over/exchange', { code })).statusCode).toBe(200);
  });

  it('answers 400 naming the code for an unknown one', async () => {
    const res = await post('/api/auth/hand_over/owner', { code: 'nope' }, {}, freshAddress());
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('code');
  });
});

describe('POST /api/auth/login_by_hash/owner', () => {
  async function loginHashOf(username: string): Promise<string> {
    const res = await post('/api/auth/register', { username, email: `${username}@example.com`, password: 'password-123' }, {}, freshAddress());
    expect(res.statusCode).toBe(201);
    const mail = t.mail.filter((m) => m.to === `${username}@example.com`).at(-1)!;
    return decodeURIComponent(/\/\?hash=([A-Za-z0-9_%-]+)/.exec(mail.text)![1]!);
  }

  it('names the link’s user without using the link', async () => {
    const hash = await loginHashOf('linkowner');
    const res = await post('/api/auth/login_by_hash/owner', { hash }, {}, freshAddress());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username: 'linkowner' });
    expect((await post('/api/auth/login_by_hash', { hash })).statusCode).toBe(200);
    // Used now: the look-up says so like the log-in would.
    const used = await post('/api/auth/login_by_hash/owner', { hash }, {}, freshAddress());
    expect(used.statusCode).toBe(400);
    expect(used.json().error.fields).toHaveProperty('hash');
  });

  it('is rate limited per client address, known links or not', async () => {
    const address = freshAddress();
    for (let i = 0; i < RATE_LIMITS.loginLinkOwnersPerAddress.points; i++) {
      expect((await post('/api/auth/login_by_hash/owner', { hash: `guess-${i}` }, {}, address)).statusCode).toBe(400);
    }
    const limited = await post('/api/auth/login_by_hash/owner', { hash: 'one-more' }, {}, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json().error.message).toMatch(/at most 30 per 15 minutes/);
    // Another address is not affected.
    expect((await post('/api/auth/login_by_hash/owner', { hash: 'guess' }, {}, freshAddress())).statusCode).toBe(400);
  });
});

it('a revoked session cannot ask for a hand-over code (401)', async () => {
  const user = await createUser(t);
  const { token } = await loginAs(t, user);
  await t.services.sessions.revoke((await t.services.sessions.resolve(token))!.sessionId);
  expect((await post('/api/auth/hand_over', undefined, bearer(token))).statusCode).toBe(401);
});
