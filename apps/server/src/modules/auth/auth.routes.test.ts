import { AccessTokenResponse } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisit } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { LOGIN_HASH_TTL_MS } from './auth.service';

// PeerTube-style parameter checks for register, login, logout and login_by_hash: each role, each bad input.

let t: TestApp;
const clock = { ms: Date.parse('2030-05-01T12:00:00Z') };

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
let addressCounter = 0;
/** A client address of its own, so failed attempts of one test never count against another's. */
const freshAddress = () => `10.0.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

// Sign-ups are limited per address (auth-rate-limits.routes.test.ts checks that): each one here comes from its own.
function post(url: string, payload?: unknown, headers: Record<string, string> = {}, remoteAddress = url === '/api/auth/register' ? freshAddress() : '127.0.0.1') {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });
}
function postRaw(url: string, body: string) {
  return t.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/json' } });
}
const profile = (token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/user/profile', headers: { ...bearer(token), ...headers } });

function loginHashFromMail(to: string): string {
  const mail = t.mail.filter((m) => m.to === to).at(-1);
  const match = mail && /\/\?hash=([A-Za-z0-9_%-]+)/.exec(mail.text);
  if (!match) throw new Error(`no log-in link mailed to ${to}`);
  return decodeURIComponent(match[1]!);
}

let ada: { token: string; hash: string };

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(clock.ms) });
  const res = await post('/api/auth/register', { username: 'Ada', email: 'Ada@Example.com', password: 'analytical-engine' });
  expect(res.statusCode).toBe(201);
  ada = { token: res.json().access_token, hash: loginHashFromMail('Ada@Example.com') };
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/auth/register', () => {
  it('creates the account and answers 201 with a bearer token that works', async () => {
    const res = await post('/api/auth/register', { username: 'grace', email: 'grace@example.com', password: 'compilers-rock', language: 'de' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(() => AccessTokenResponse.strict().parse(body)).not.toThrow();
    expect(body).toEqual({
      access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      token_type: 'Bearer',
      expires_at: Math.floor(clock.ms / 1000) + 30 * 86_400,
      redirect_url: null,
    });
    const me = (await profile(body.access_token)).json();
    expect(me).toMatchObject({ username: 'grace', email: 'grace@example.com', language: 'de', registration_campaign: null });
  });

  it('uses English when no language is given', async () => {
    expect((await profile(ada.token)).json().language).toBe('en');
  });

  it('mails a welcome with a one-click log-in link to the public URL', () => {
    const mail = t.mail.find((m) => m.to === 'Ada@Example.com')!;
    expect(mail.subject).toBe('Welcome to Velora');
    expect(mail.text).toContain(`http://localhost:8080/?hash=${ada.hash}`);
    expect(mail.text).toContain('Ada');
  });

  it('registers even when the mail server fails', async () => {
    const send = t.deps.mailer.send;
    t.deps.mailer.send = async () => {
      throw new Error('connection refused');
    };
    try {
      const res = await post('/api/auth/register', { username: 'offline', email: 'offline@example.com', password: 'password-123' });
      expect(res.statusCode).toBe(201);
    } finally {
      t.deps.mailer.send = send;
    }
  });

  it('records the campaign, region and country of the visit it came from', async () => {
    const visit = await createVisit(t, { country: 'SE', region: 'Stockholm', campaign: 'spring-24' });
    const res = await post('/api/auth/register', { username: 'swede', email: 'swede@example.com', password: 'password-123' }, { 'x-visit-id': visit });
    expect(res.statusCode).toBe(201);
    // Without the visit header the registration country is what the law limitation falls back to.
    const me = (await profile(res.json().access_token)).json();
    expect(me).toMatchObject({ registration_campaign: { id: 'spring-24' }, registration_region: 'Stockholm', law_limitations: ['country:SE'] });
  });

  it('answers 409 naming the username when it is taken in any case', async () => {
    const res = await post('/api/auth/register', { username: 'ADA', email: 'other@example.com', password: 'password-123' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'CONFLICT', message: 'This username is taken', fields: { username: 'This username is taken' } } });
  });

  it('answers 409 naming the email when it is taken in any case', async () => {
    const res = await post('/api/auth/register', { username: 'other', email: 'ada@EXAMPLE.com', password: 'password-123' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toEqual({ email: 'An account with this email exists' });
  });

  it('names both fields when both are taken', async () => {
    const res = await post('/api/auth/register', { username: 'ada', email: 'ada@example.com', password: 'password-123' });
    expect(res.statusCode).toBe(409);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['email', 'username']);
  });

  it('answers 409, never 500, when two sign-ups race for one name', async () => {
    const [a, b] = await Promise.all([
      post('/api/auth/register', { username: 'racer', email: 'racer1@example.com', password: 'password-123' }),
      post('/api/auth/register', { username: 'RACER', email: 'racer2@example.com', password: 'password-123' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().error.fields).toEqual({ username: 'This username is taken' });
    // Nothing of the loser was written.
    const rows = await t.deps.db.query("SELECT 1 FROM users WHERE lower(username) = 'racer'");
    expect(rows).toHaveLength(1);
  });

  it('answers 409 when two sign-ups race for one email', async () => {
    const [a, b] = await Promise.all([
      post('/api/auth/register', { username: 'twin_one', email: 'twins@example.com', password: 'password-123' }),
      post('/api/auth/register', { username: 'twin_two', email: 'TWINS@example.com', password: 'password-123' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect((a.statusCode === 409 ? a : b).json().error.fields).toEqual({ email: 'An account with this email exists' });
  });

  it.each([
    ['a missing username', { email: 'x@example.com', password: 'password-123' }, 'username'],
    ['a missing email', { username: 'someone', password: 'password-123' }, 'email'],
    ['a missing password', { username: 'someone', email: 'x@example.com' }, 'password'],
    ['a username of the wrong type', { username: 123, email: 'x@example.com', password: 'password-123' }, 'username'],
    ['a too short username', { username: 'ab', email: 'x@example.com', password: 'password-123' }, 'username'],
    ['an oversized username', { username: 'a'.repeat(1000), email: 'x@example.com', password: 'password-123' }, 'username'],
    ['a username with spaces', { username: 'two words', email: 'x@example.com', password: 'password-123' }, 'username'],
    ['a malformed email', { username: 'someone', email: 'not-an-email', password: 'password-123' }, 'email'],
    ['an oversized email', { username: 'someone', email: `${'a'.repeat(300)}@example.com`, password: 'password-123' }, 'email'],
    ['a short password', { username: 'someone', email: 'x@example.com', password: 'short' }, 'password'],
    ['an oversized password', { username: 'someone', email: 'x@example.com', password: 'p'.repeat(201) }, 'password'],
    ['an unknown language', { username: 'someone', email: 'x@example.com', password: 'password-123', language: 'xx' }, 'language'],
  ])('rejects %s with 400 naming the field', async (_, payload, field) => {
    const res = await post('/api/auth/register', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: expect.any(String) } });
  });

  it('rejects a malformed JSON body and a missing body with 400', async () => {
    const malformed = await postRaw('/api/auth/register', '{"username": "x",');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('INVALID_JSON');
    const missing = await post('/api/auth/register');
    expect(missing.statusCode).toBe(400);
  });
});

describe('POST /api/auth/login', () => {
  it('logs in with the username in any case', async () => {
    const res = await post('/api/auth/login', { username: 'aDa', password: 'analytical-engine' }, {}, freshAddress());
    expect(res.statusCode).toBe(200);
    expect(() => AccessTokenResponse.strict().parse(res.json())).not.toThrow();
    expect(res.json()).toMatchObject({ token_type: 'Bearer', redirect_url: null });
    expect((await profile(res.json().access_token)).json().username).toBe('Ada');
  });

  it('logs in with the email address instead of the username', async () => {
    const res = await post('/api/auth/login', { username: 'ada@example.COM', password: 'analytical-engine' }, {}, freshAddress());
    expect(res.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown name with the same 401', async () => {
    const address = freshAddress();
    const wrong = await post('/api/auth/login', { username: 'ada', password: 'wrong-password' }, {}, address);
    const unknown = await post('/api/auth/login', { username: 'nobody-here', password: 'wrong-password' }, {}, address);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: 'Wrong username or password' } });
    }
  });

  it('works for a caller who still sends an old or garbage token', async () => {
    const res = await post('/api/auth/login', { username: 'ada', password: 'analytical-engine' }, bearer('garbage'), freshAddress());
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['a missing username', { password: 'x' }, 'username'],
    ['a missing password', { username: 'ada' }, 'password'],
    ['an empty username', { username: '  ', password: 'x' }, 'username'],
    ['an empty password', { username: 'ada', password: '' }, 'password'],
    ['a password of the wrong type', { username: 'ada', password: 12345678 }, 'password'],
    ['an oversized username', { username: 'a'.repeat(255), password: 'x' }, 'username'],
    ['an oversized password', { username: 'ada', password: 'p'.repeat(201) }, 'password'],
  ])('rejects %s with 400 naming the field', async (_, payload, field) => {
    const res = await post('/api/auth/login', payload, {}, freshAddress());
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: expect.any(String) } });
  });

  it('rejects a malformed JSON body with 400', async () => {
    const res = await postRaw('/api/auth/login', '{"username":"ada","password":');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_JSON');
  });
});

describe('POST /api/auth/logout', () => {
  it('answers a visitor, a garbage token and a malformed header with 401', async () => {
    for (const headers of [{}, bearer('garbage'), { authorization: 'Bearer' }]) {
      const res = await post('/api/auth/logout', undefined, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    }
  });

  it('ends the current session only: its token gets 401 everywhere, other sessions go on', async () => {
    const address = freshAddress();
    const first = (await post('/api/auth/login', { username: 'ada', password: 'analytical-engine' }, {}, address)).json().access_token;
    const second = (await post('/api/auth/login', { username: 'ada', password: 'analytical-engine' }, {}, address)).json().access_token;
    const res = await post('/api/auth/logout', undefined, bearer(first));
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await profile(first)).statusCode).toBe(401);
    expect((await post('/api/user/lang', { lang: 'de' }, bearer(first))).statusCode).toBe(401);
    expect((await post('/api/auth/logout', undefined, bearer(first))).statusCode).toBe(401);
    expect((await profile(second)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/login_by_hash', () => {
  it('logs in once with the hash of the welcome mail, then never again', async () => {
    const res = await post('/api/auth/login_by_hash', { hash: ada.hash });
    expect(res.statusCode).toBe(200);
    expect(() => AccessTokenResponse.strict().parse(res.json())).not.toThrow();
    expect((await profile(res.json().access_token)).json().username).toBe('Ada');

    const again = await post('/api/auth/login_by_hash', { hash: ada.hash });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { hash: expect.stringContaining('invalid or has expired') } });
  });

  it('refuses a hash older than 7 days', async () => {
    const res = await post('/api/auth/register', { username: 'latecomer', email: 'late@example.com', password: 'password-123' });
    expect(res.statusCode).toBe(201);
    const hash = loginHashFromMail('late@example.com');
    const saved = clock.ms;
    clock.ms += LOGIN_HASH_TTL_MS + 1000;
    try {
      const late = await post('/api/auth/login_by_hash', { hash });
      expect(late.statusCode).toBe(400);
      expect(late.json().error.fields).toHaveProperty('hash');
    } finally {
      clock.ms = saved;
    }
    // Just inside the window it still works.
    clock.ms += LOGIN_HASH_TTL_MS - 1000;
    try {
      expect((await post('/api/auth/login_by_hash', { hash })).statusCode).toBe(200);
    } finally {
      clock.ms = saved;
    }
  });

  it('refuses a password-reset key used as a log-in hash', async () => {
    await post('/api/auth/forgot_password', { username: 'ada' }, {}, freshAddress());
    const mail = t.mail.filter((m) => m.to === 'Ada@Example.com').at(-1)!;
    const key = decodeURIComponent(/reset_key=([A-Za-z0-9_%-]+)/.exec(mail.text)![1]!);
    expect((await post('/api/auth/login_by_hash', { hash: key })).statusCode).toBe(400);
  });

  it.each([
    ['an unknown hash', { hash: 'garbage' }],
    ['a missing hash', {}],
    ['an empty hash', { hash: '' }],
    ['a hash of the wrong type', { hash: 42 }],
    ['an oversized hash', { hash: 'h'.repeat(201) }],
  ])('rejects %s with 400 naming the field', async (_, payload) => {
    const res = await post('/api/auth/login_by_hash', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('hash');
  });

  it('rejects a malformed JSON body with 400', async () => {
    expect((await postRaw('/api/auth/login_by_hash', '{hash}')).statusCode).toBe(400);
  });
});
