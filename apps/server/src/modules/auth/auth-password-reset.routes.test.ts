import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { INVALID_RESET_KEY, PASSWORD_RESET_TTL_MS } from './auth.service';
import { RATE_LIMITS } from '../../lib/rate-limits';

// POST /auth/forgot_password and POST /auth/reset_password: no account enumeration, single use, expiry, sessions ended.

let t: TestApp;
const clock = { ms: Date.parse('2030-05-01T12:00:00Z') };

let addressCounter = 0;
/** The forgot-password limit counts per client address; each test asks from an address of its own. */
const freshAddress = () => `10.1.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

function post(url: string, payload?: unknown, headers: Record<string, string> = {}, remoteAddress = freshAddress()) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });
}
const profile = (token: string) => t.app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${token}` } });
const login = (username: string, password: string) => post('/api/auth/login', { username, password });

function resetKeyFromMail(to: string): string {
  const mail = t.mail.filter((m) => m.to === to && m.subject.startsWith('Reset')).at(-1);
  const match = mail && /\/reset_password\?reset_key=([A-Za-z0-9_%-]+)/.exec(mail.text);
  if (!match) throw new Error(`no reset link mailed to ${to}`);
  return decodeURIComponent(match[1]!);
}
const mailCount = () => t.mail.length;

async function forgot(payload: unknown) {
  const res = await post('/api/auth/forgot_password', payload);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ status: 'ok' });
}

async function register(username: string, password: string) {
  const res = await post('/api/auth/register', { username, email: `${username}@example.com`, password });
  expect(res.statusCode).toBe(201);
  return res.json().access_token as string;
}

let linusToken: string;

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(clock.ms) });
  linusToken = await register('linus', 'first-password');
  await register('margaret', 'apollo-guidance');
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/auth/forgot_password', () => {
  it('mails a reset link for a username, in any case', async () => {
    const before = mailCount();
    await forgot({ username: 'LINUS' });
    expect(mailCount()).toBe(before + 1);
    const mail = t.mail.at(-1)!;
    expect(mail).toMatchObject({ to: 'linus@example.com', subject: 'Reset your Velora password' });
    expect(mail.text).toMatch(/http:\/\/localhost:8080\/reset_password\?reset_key=[A-Za-z0-9_-]{43}/);
  });

  it('mails a reset link for an email address, given as email or as username', async () => {
    const before = mailCount();
    await forgot({ email: 'Margaret@Example.com' });
    await forgot({ username: 'margaret@example.com' });
    await forgot({ username: null, email: 'margaret@example.com' });
    expect(t.mail.slice(before).map((m) => m.to)).toEqual(['margaret@example.com', 'margaret@example.com', 'margaret@example.com']);
  });

  it('answers exactly the same when no account matches, and mails nothing', async () => {
    const before = mailCount();
    await forgot({ username: 'nobody' });
    await forgot({ email: 'nobody@example.com' });
    expect(mailCount()).toBe(before);
  });

  it('stores only the SHA-256 of the key', async () => {
    await forgot({ username: 'linus' });
    const key = resetKeyFromMail('linus@example.com');
    const rows = await t.deps.db.query<{ key_hash: string }>("SELECT key_hash FROM one_time_keys WHERE purpose = 'password_reset'");
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.key_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(r.key_hash).not.toBe(key);
    }
  });

  it(`answers the ${RATE_LIMITS.forgotPasswordPerAddress.points + 1}th request of an hour from one address with 429 and Retry-After`, async () => {
    const address = freshAddress();
    for (let i = 0; i < RATE_LIMITS.forgotPasswordPerAddress.points; i++) {
      expect((await post('/api/auth/forgot_password', { username: `unknown${i}` }, {}, address)).statusCode).toBe(200);
    }
    const limited = await post('/api/auth/forgot_password', { username: 'unknown' }, {}, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({ code: 'TOO_MANY_REQUESTS', message: 'Too many password reset requests. Try again in 60 minutes.' });
    expect(limited.headers['retry-after']).toBe('3600');
    // Another address is not affected.
    expect((await post('/api/auth/forgot_password', { username: 'unknown' })).statusCode).toBe(200);
  });

  it('stops mailing one account after a few links an hour, still answering 200', async () => {
    await register('popular', 'password-123');
    const before = mailCount();
    for (let i = 0; i < RATE_LIMITS.forgotPasswordMailsPerAccount.points + 2; i++) await forgot({ username: 'popular' });
    expect(t.mail.slice(before).filter((m) => m.to === 'popular@example.com')).toHaveLength(RATE_LIMITS.forgotPasswordMailsPerAccount.points);
  });

  it.each([
    ['neither username nor email', {}, 'username'],
    ['empty strings', { username: '', email: '' }, 'username'],
    ['a username of the wrong type', { username: 42 }, 'username'],
    ['an email of the wrong type', { email: { a: 1 } }, 'email'],
    ['an oversized username', { username: 'u'.repeat(255) }, 'username'],
    ['an oversized email', { email: `${'e'.repeat(255)}@example.com` }, 'email'],
  ])('rejects %s with 400 naming the field', async (_, payload, field) => {
    const res = await post('/api/auth/forgot_password', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: expect.any(String) } });
  });

  it('rejects a malformed JSON body with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot_password', payload: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_JSON');
  });
});

describe('POST /api/auth/reset_password', () => {
  it('sets the new password, ends every session, and works only once', async () => {
    const otherSession = (await login('linus', 'first-password')).json().access_token;
    expect((await profile(linusToken)).statusCode).toBe(200);
    await forgot({ username: 'linus' });
    const key = resetKeyFromMail('linus@example.com');

    const res = await post('/api/auth/reset_password', { password: 'second-password', reset_key: key });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });

    expect((await profile(linusToken)).statusCode).toBe(401);
    expect((await profile(otherSession)).statusCode).toBe(401);
    expect((await login('linus', 'first-password')).statusCode).toBe(401);
    expect((await login('linus', 'second-password')).statusCode).toBe(200);
    const stored = await t.deps.db.query<{ password_hash: string }>("SELECT password_hash FROM users WHERE username = 'linus'");
    expect(stored[0]!.password_hash).toMatch(/^\$argon2id\$/);

    const again = await post('/api/auth/reset_password', { password: 'third-password', reset_key: key });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: INVALID_RESET_KEY, fields: { reset_key: INVALID_RESET_KEY } } });
    expect((await login('linus', 'third-password')).statusCode).toBe(401);
  });

  it('retires the other reset links and the log-in links of the account', async () => {
    const token = await register('rosalind', 'password-one');
    const loginHash = decodeURIComponent(/\?hash=([A-Za-z0-9_%-]+)/.exec(t.mail.filter((m) => m.to === 'rosalind@example.com').at(-1)!.text)![1]!);
    await forgot({ username: 'rosalind' });
    const older = resetKeyFromMail('rosalind@example.com');
    await forgot({ username: 'rosalind' });
    const newer = resetKeyFromMail('rosalind@example.com');
    expect(newer).not.toBe(older);

    expect((await post('/api/auth/reset_password', { password: 'password-two', reset_key: newer })).statusCode).toBe(200);
    expect((await post('/api/auth/reset_password', { password: 'password-three', reset_key: older })).statusCode).toBe(400);
    expect((await post('/api/auth/login_by_hash', { hash: loginHash })).statusCode).toBe(400);
    expect((await profile(token)).statusCode).toBe(401);
  });

  it('refuses a key older than one hour', async () => {
    await forgot({ username: 'margaret' });
    const key = resetKeyFromMail('margaret@example.com');
    const saved = clock.ms;
    clock.ms += PASSWORD_RESET_TTL_MS + 1000;
    try {
      const res = await post('/api/auth/reset_password', { password: 'new-password', reset_key: key });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ reset_key: INVALID_RESET_KEY });
    } finally {
      clock.ms = saved;
    }
    expect((await login('margaret', 'apollo-guidance')).statusCode).toBe(200);
  });

  it('lets one of two concurrent uses of a key win, and only one', async () => {
    await forgot({ username: 'margaret' });
    const key = resetKeyFromMail('margaret@example.com');
    const results = await Promise.all([
      post('/api/auth/reset_password', { password: 'concurrent-one', reset_key: key }),
      post('/api/auth/reset_password', { password: 'concurrent-two', reset_key: key }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = results[0]!.statusCode === 200 ? 'concurrent-one' : 'concurrent-two';
    expect((await login('margaret', winner)).statusCode).toBe(200);
  });

  it.each([
    ['an unknown key', { password: 'new-password', reset_key: 'garbage' }, 'reset_key'],
    ['a missing key', { password: 'new-password' }, 'reset_key'],
    ['an empty key', { password: 'new-password', reset_key: '' }, 'reset_key'],
    ['a key of the wrong type', { password: 'new-password', reset_key: 1 }, 'reset_key'],
    ['an oversized key', { password: 'new-password', reset_key: 'k'.repeat(201) }, 'reset_key'],
    ['a missing password', { reset_key: 'garbage' }, 'password'],
    ['a short password', { password: 'short', reset_key: 'garbage' }, 'password'],
    ['an oversized password', { password: 'p'.repeat(201), reset_key: 'garbage' }, 'password'],
  ])('rejects %s with 400 naming the field', async (_, payload, field) => {
    const res = await post('/api/auth/reset_password', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: expect.any(String) } });
  });

  it('rejects a malformed JSON body with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/reset_password', payload: '[', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
  });
});
