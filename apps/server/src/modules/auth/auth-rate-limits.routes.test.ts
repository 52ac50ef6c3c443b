import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { RATE_LIMITS } from '../../lib/rate-limits';

// Failed log-ins are limited per account and per client address, checked before the password is.

let t: TestApp;
const clock = { ms: Date.parse('2030-05-01T12:00:00Z') };
let addressCounter = 0;
const freshAddress = () => `10.2.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

const login = (username: string, password: string, remoteAddress = freshAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress });

async function register(username: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { username, email: `${username}@example.com`, password: `${username}-password` },
  });
  expect(res.statusCode).toBe(201);
}

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(clock.ms) });
  for (const name of ['alice', 'bob', 'carol', 'dave']) await register(name);
});
afterAll(async () => {
  await t.close();
});

describe('sign-ups', () => {
  it(`create at most ${RATE_LIMITS.registrationsPerAddress.points} accounts an hour from one address, even in parallel, then 429 naming the limit`, async () => {
    const limit = RATE_LIMITS.registrationsPerAddress.points;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { username: `flood_${i}`, email: `flood_${i}@example.com`, password: 'a-long-password' },
          remoteAddress: '192.0.2.50',
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(limit);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(50 - limit);
    expect(refused[0]!.json().error).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: expect.stringContaining(`at most ${limit} per 1 hour`) });
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(3000);
    const created = await t.deps.db.query<{ n: string }>("SELECT count(*) AS n FROM users WHERE username LIKE 'flood%'");
    expect(Number(created[0]!.n)).toBe(limit);
    // Another address signs up as before.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'calm_one', email: 'calm_one@example.com', password: 'a-long-password' },
      remoteAddress: '192.0.2.51',
    });
    expect(other.statusCode).toBe(201);
  });
});

describe('per account', () => {
  it(`refuses the ${RATE_LIMITS.loginPerAccount.points + 1}th attempt after ${RATE_LIMITS.loginPerAccount.points} failures, even with the right password, from any address`, async () => {
    for (let i = 0; i < RATE_LIMITS.loginPerAccount.points; i++) {
      expect((await login('alice', 'wrong-password')).statusCode).toBe(401);
    }
    const limited = await login('alice', 'alice-password');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: { code: 'TOO_MANY_REQUESTS', message: 'Too many failed log-in attempts. Try again in 15 minutes.' },
    });
    expect(limited.headers['retry-after']).toBe(String(RATE_LIMITS.loginPerAccount.windowMs / 1000));
    // Logging in by email address counts against the same account.
    expect((await login('ALICE@example.com', 'alice-password')).statusCode).toBe(429);

    // Other accounts, even from the same address, are unaffected.
    expect((await login('bob', 'bob-password')).statusCode).toBe(200);

    // When the window has passed the right password works again.
    clock.ms += RATE_LIMITS.loginPerAccount.windowMs;
    expect((await login('alice', 'alice-password')).statusCode).toBe(200);
  });

  it('says how many minutes are left', async () => {
    for (let i = 0; i < RATE_LIMITS.loginPerAccount.points; i++) await login('dave', 'wrong-password');
    clock.ms += 14 * 60_000 + 30_000;
    const limited = await login('dave', 'dave-password');
    expect(limited.json().error.message).toBe('Too many failed log-in attempts. Try again in 1 minute.');
    expect(limited.headers['retry-after']).toBe('30');
    clock.ms += 30_000;
  });

  it('starts counting again after a successful log-in', async () => {
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < RATE_LIMITS.loginPerAccount.points - 1; i++) expect((await login('carol', 'wrong-password')).statusCode).toBe(401);
      expect((await login('carol', 'carol-password')).statusCode).toBe(200);
    }
  });

  it('limits names without an account the same way, so the answer reveals nothing', async () => {
    for (let i = 0; i < RATE_LIMITS.loginPerAccount.points; i++) expect((await login('ghost', 'wrong-password')).statusCode).toBe(401);
    expect((await login('ghost', 'wrong-password')).statusCode).toBe(429);
  });
});

describe('per client address', () => {
  it(`refuses an address after ${RATE_LIMITS.loginPerAddress.points} failures across accounts, and only that address`, async () => {
    const address = '192.0.2.7';
    for (let i = 0; i < RATE_LIMITS.loginPerAddress.points; i++) {
      expect((await login(`stranger${i}`, 'wrong-password', address)).statusCode).toBe(401);
    }
    const limited = await login('bob', 'bob-password', address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login('bob', 'bob-password', '192.0.2.8')).statusCode).toBe(200);
  });

  it('does not count successful log-ins', async () => {
    const address = '192.0.2.9';
    for (let i = 0; i < RATE_LIMITS.loginPerAddress.points + 2; i++) expect((await login('bob', 'bob-password', address)).statusCode).toBe(200);
  });
});
