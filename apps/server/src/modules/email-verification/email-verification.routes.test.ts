import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { INVALID_VERIFICATION_TOKEN, VERIFICATION_TOKEN_TTL_MS } from './email-verification.service';
import { RATE_LIMITS } from '../../lib/rate-limits';

// POST /user/verification_email (member) and POST /user/confirm_email (public): every role, bad input,
// single use, expiry, and a link that only confirms the address it was sent to.

let t: TestApp;
const clock = { ms: Date.parse('2030-06-01T12:00:00Z') };
let addressCounter = 0;
const freshAddress = () => `10.7.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: freshAddress() });
const requestMail = (token?: string) => post('/api/user/verification_email', undefined, token ? bearer(token) : {});
const confirm = (payload: unknown, headers: Record<string, string> = {}) => post('/api/user/confirm_email', payload, headers);

async function register(username: string): Promise<string> {
  const res = await post('/api/auth/register', { username, email: `${username}@example.com`, password: 'a-long-password' });
  expect(res.statusCode).toBe(201);
  return res.json().access_token as string;
}

const mailsTo = (to: string) => t.mail.filter((m) => m.to === to && /confirm|bestätige/i.test(m.subject));
function tokenFromLastMail(to: string): string {
  const mail = mailsTo(to).at(-1);
  const match = mail && /\/\?double_opt_in=([A-Za-z0-9_%-]+)/.exec(mail.text);
  if (!match) throw new Error(`no confirmation link mailed to ${to}`);
  return decodeURIComponent(match[1]!);
}
async function verifiedAt(username: string): Promise<Date | null> {
  const rows = await t.deps.db.query<{ email_verified_at: Date | null }>('SELECT email_verified_at FROM users WHERE username = $1', [username]);
  return rows[0]!.email_verified_at;
}

const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(clock.ms) });
  for (const name of ['ada', 'grace', 'edsger', 'barbara', 'alan', 'hedy', 'katherine']) tokens[name] = await register(name);
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/user/verification_email', () => {
  it('refuses visitors and unknown tokens with 401', async () => {
    expect((await requestMail()).statusCode).toBe(401);
    expect((await requestMail('not-a-session')).statusCode).toBe(401);
  });

  it('mails a member a single-use confirmation link to /?double_opt_in=', async () => {
    const res = await requestMail(tokens.ada);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    const mail = mailsTo('ada@example.com').at(-1)!;
    expect(mail.subject).toBe('Confirm your email address for Velora');
    expect(mail.text).toMatch(/http:\/\/localhost:8080\/\?double_opt_in=[A-Za-z0-9_-]{43}\n/);
  });

  it('stores only the SHA-256 of the token', async () => {
    await requestMail(tokens.grace);
    const token = tokenFromLastMail('grace@example.com');
    const rows = await t.deps.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM email_verification_tokens v JOIN users u ON u.id = v.user_id WHERE u.username = $1',
      ['grace'],
    );
    expect(rows.map((r) => r.token_hash)).toEqual([createHash('sha256').update(token).digest('hex')]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('retires the earlier link when a new one is asked for', async () => {
    await requestMail(tokens.edsger);
    const first = tokenFromLastMail('edsger@example.com');
    await requestMail(tokens.edsger);
    const second = tokenFromLastMail('edsger@example.com');
    expect(second).not.toBe(first);
    expect((await confirm({ token: first })).statusCode).toBe(400);
    expect((await confirm({ token: second })).statusCode).toBe(200);
  });

  it('mails nothing for an address that is already confirmed', async () => {
    await requestMail(tokens.barbara);
    expect((await confirm({ token: tokenFromLastMail('barbara@example.com') })).statusCode).toBe(200);
    const before = mailsTo('barbara@example.com').length;
    const res = await requestMail(tokens.barbara);
    expect(res.statusCode).toBe(200);
    expect(mailsTo('barbara@example.com').length).toBe(before);
  });

  it(`caps the mails per account at ${RATE_LIMITS.verificationMailsPerAccount.points} an hour`, async () => {
    for (let i = 0; i < RATE_LIMITS.verificationMailsPerAccount.points; i += 1) expect((await requestMail(tokens.alan)).statusCode).toBe(200);
    const limited = await requestMail(tokens.alan);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('TOO_MANY_REQUESTS');
    expect(limited.headers['retry-after']).toBeDefined();
    expect(mailsTo('alan@example.com').length).toBe(RATE_LIMITS.verificationMailsPerAccount.points);
  });

  it('writes the mail in the language of the account', async () => {
    expect((await post('/api/user/lang', { lang: 'de' }, bearer(tokens.hedy!))).statusCode).toBe(200);
    await requestMail(tokens.hedy);
    expect(mailsTo('hedy@example.com').at(-1)!.subject).toBe('Bestätige deine E-Mail-Adresse bei Velora');
  });
});

describe('POST /api/user/confirm_email', () => {
  it('rejects a missing, empty, wrong-typed or oversized token with 400 naming the field', async () => {
    for (const payload of [undefined, {}, { token: '' }, { token: 42 }, { token: 'x'.repeat(201) }]) {
      const res = await confirm(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (payload !== undefined) expect(Object.keys(res.json().error.fields ?? {})).toContain('token');
    }
  });

  it('rejects an unknown token with 400 fields.token', async () => {
    const res = await confirm({ token: 'no-such-token' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ token: INVALID_VERIFICATION_TOKEN });
  });

  it('confirms the address for a visitor and for any logged-in user, once', async () => {
    await requestMail(tokens.katherine);
    const token = tokenFromLastMail('katherine@example.com');
    expect(await verifiedAt('katherine')).toBeNull();
    // The link may be opened in a browser where someone else is logged in: the token alone decides.
    const res = await confirm({ token }, bearer(tokens.ada!));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect((await verifiedAt('katherine'))?.getTime()).toBe(clock.ms);
    const again = await confirm({ token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields).toEqual({ token: INVALID_VERIFICATION_TOKEN });
  });

  it('rejects a token after 7 days', async () => {
    await requestMail(tokens.ada);
    const token = tokenFromLastMail('ada@example.com');
    const start = clock.ms;
    clock.ms = start + VERIFICATION_TOKEN_TTL_MS;
    try {
      expect((await confirm({ token })).statusCode).toBe(400);
    } finally {
      clock.ms = start;
    }
    expect(await verifiedAt('ada')).toBeNull();
  });

  it('accepts a token just before it expires', async () => {
    const start = clock.ms;
    // A new hour window for the mail cap, and a fresh link.
    clock.ms = start + 2 * 60 * 60 * 1000;
    try {
      await requestMail(tokens.ada);
      const token = tokenFromLastMail('ada@example.com');
      clock.ms += VERIFICATION_TOKEN_TTL_MS - 1;
      expect((await confirm({ token })).statusCode).toBe(200);
    } finally {
      clock.ms = start;
    }
  });

  it('does not confirm an address the account no longer has', async () => {
    await requestMail(tokens.grace);
    const token = tokenFromLastMail('grace@example.com');
    await t.deps.db.query("UPDATE users SET email = 'grace.new@example.com' WHERE username = 'grace'");
    const res = await confirm({ token });
    expect(res.statusCode).toBe(400);
    expect(await verifiedAt('grace')).toBeNull();
  });
});
