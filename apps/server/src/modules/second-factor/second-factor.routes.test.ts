import { RECOVERY_CODE_COUNT, RECOVERY_CODE_PATTERN, RecoveryCodes, SECOND_FACTOR_VALID_MS, SecondFactorSetup, SecondFactorState } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { createModel, createUser, loginAs, TEST_TOTP_SECRET, type LoggedIn } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { totpCodeAt } from './totp';

// Two-factor sign-in (decision record 070): a model, writer, retagger or team member sets up an authenticator app,
// proves a code on each session, and only then makes studio and back-office calls; a customer is never asked.

let clock = Date.parse('2030-05-01T12:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(clock) });
});
afterAll(() => t.close());

const send = (who: LoggedIn, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: who.headers, ...(payload ? { payload } : {}) });
/** A call that needs the studio capability (and so a proven second factor). */
const studioCall = (who: LoggedIn) => send(who, 'GET', '/studio/camera');
const profileOf = async (who: LoggedIn) => (await send(who, 'GET', '/user/profile')).json() as { second_factor: string };
const codeNow = (secret: string) => totpCodeAt(secret, clock);

/** A model's account; its session with the given second factor. */
async function model(secondFactor: 'none' | 'pending' | 'proven' = 'none'): Promise<LoggedIn> {
  return loginAs(t, await createUser(t, { modelId: (await createModel(t)).id }), { secondFactor });
}

/** A new session of the same person (a second log-in). */
const again = (who: LoggedIn) => loginAs(t, who.user, { secondFactor: 'pending' });

describe('a model without an authenticator app', () => {
  it('is refused studio calls with SECOND_FACTOR_SETUP_REQUIRED, and her profile says setup', async () => {
    const zoe = await model();
    const res = await studioCall(zoe);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'SECOND_FACTOR_SETUP_REQUIRED' });
    expect((await profileOf(zoe)).second_factor).toBe('setup');
    expect(SecondFactorState.parse((await send(zoe, 'GET', '/auth/second-factor')).json())).toEqual({
      needed: true,
      enrolled: false,
      verified_until: null,
      recovery_codes_left: 0,
    });
  });

  it('sets one up: a secret with its QR code, confirmed by a right code, answers ten recovery codes and proves the session', async () => {
    const zoe = await model();
    const setup = SecondFactorSetup.parse((await send(zoe, 'POST', '/auth/second-factor/setup')).json());
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauth_uri).toBe(`otpauth://totp/Velora:${zoe.user.username}?secret=${setup.secret}&issuer=Velora`);
    expect(setup.qr_svg).toMatch(/^<svg /);
    // Stored sealed, never in clear.
    const [row] = await t.deps.db.query<{ secret_sealed: string; confirmed_at: Date | null }>('SELECT secret_sealed, confirmed_at FROM user_second_factors WHERE user_id = $1', [zoe.id]);
    expect(row!.secret_sealed).not.toContain(setup.secret);
    expect(row!.confirmed_at).toBeNull();

    const wrong = await send(zoe, 'POST', '/auth/second-factor/confirm', { code: (Number(await codeNow(setup.secret)) ^ 1).toString().padStart(6, '0') });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'SECOND_FACTOR_CODE_WRONG', fields: { code: expect.any(String) } });
    expect((await studioCall(zoe)).statusCode).toBe(403);

    // As the app shows it: "123 456".
    const code = await codeNow(setup.secret);
    const confirmed = await send(zoe, 'POST', '/auth/second-factor/confirm', { code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { recovery_codes } = RecoveryCodes.parse(confirmed.json());
    expect(recovery_codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recovery_codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const recovery of recovery_codes) expect(recovery).toMatch(RECOVERY_CODE_PATTERN);

    expect((await studioCall(zoe)).statusCode).toBe(200);
    expect((await profileOf(zoe)).second_factor).toBe('verified');
    expect(SecondFactorState.parse((await send(zoe, 'GET', '/auth/second-factor')).json())).toEqual({
      needed: true,
      enrolled: true,
      verified_until: Math.floor((clock + SECOND_FACTOR_VALID_MS) / 1000),
      recovery_codes_left: RECOVERY_CODE_COUNT,
    });
    // A second set-up would replace a working app: only a team admin's reset allows it.
    const twice = await send(zoe, 'POST', '/auth/second-factor/setup');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toMatchObject({ code: 'SECOND_FACTOR_ENROLLED' });
  });
});

describe('a model with an app, on a new session', () => {
  it('is refused studio calls with SECOND_FACTOR_REQUIRED until she enters a code; a code works once', async () => {
    const first = await model('proven');
    const zoe = await again(first);
    const refused = await studioCall(zoe);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED' });
    expect((await profileOf(zoe)).second_factor).toBe('pending');

    const code = await codeNow(TEST_TOTP_SECRET);
    const verified = await send(zoe, 'POST', '/auth/second-factor/verify', { code });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(SecondFactorState.parse(verified.json()).verified_until).toBe(Math.floor((clock + SECOND_FACTOR_VALID_MS) / 1000));
    expect((await studioCall(zoe)).statusCode).toBe(200);

    // The same code on another session, even within its 30 seconds, is refused (RFC 6238 §5.2).
    const third = await again(first);
    const replay = await send(third, 'POST', '/auth/second-factor/verify', { code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toMatchObject({ code: 'SECOND_FACTOR_CODE_WRONG' });
    clock += 30_000;
    expect((await send(third, 'POST', '/auth/second-factor/verify', { code: await codeNow(TEST_TOTP_SECRET) })).statusCode).toBe(200);
  });

  it('accepts the code of the step before and after (a phone clock a little off), not two steps away', async () => {
    const zoe = await again(await model('proven'));
    const twoAgo = await totpCodeAt(TEST_TOTP_SECRET, clock - 60_000);
    expect((await send(zoe, 'POST', '/auth/second-factor/verify', { code: twoAgo })).statusCode).toBe(400);
    const oneAhead = await totpCodeAt(TEST_TOTP_SECRET, clock + 30_000);
    expect((await send(zoe, 'POST', '/auth/second-factor/verify', { code: oneAhead })).statusCode).toBe(200);
  });

  it('asks again once the proof is older than the window, on that same session', async () => {
    const zoe = await model('proven');
    expect((await studioCall(zoe)).statusCode).toBe(200);
    clock += SECOND_FACTOR_VALID_MS;
    const res = await studioCall(zoe);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED' });
    expect((await profileOf(zoe)).second_factor).toBe('pending');
  });

  it('takes a recovery code in place of one of the app, once, in any case and with or without its dash', async () => {
    const zoe = await model();
    const setup = SecondFactorSetup.parse((await send(zoe, 'POST', '/auth/second-factor/setup')).json());
    const { recovery_codes } = RecoveryCodes.parse((await send(zoe, 'POST', '/auth/second-factor/confirm', { code: await codeNow(setup.secret) })).json());
    const later = await again(zoe);
    const typed = recovery_codes[0]!.replace('-', '').toUpperCase();
    expect((await send(later, 'POST', '/auth/second-factor/verify', { code: typed })).statusCode).toBe(200);
    expect((await studioCall(later)).statusCode).toBe(200);
    expect(SecondFactorState.parse((await send(later, 'GET', '/auth/second-factor')).json()).recovery_codes_left).toBe(RECOVERY_CODE_COUNT - 1);
    const reused = await send(await again(zoe), 'POST', '/auth/second-factor/verify', { code: recovery_codes[0]! });
    expect(reused.statusCode).toBe(400);

    // New codes for a current code of the app: the old ones stop working.
    clock += 30_000;
    const renewed = RecoveryCodes.parse((await send(later, 'POST', '/auth/second-factor/recovery-codes', { code: await codeNow(setup.secret) })).json());
    expect(renewed.recovery_codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await send(await again(zoe), 'POST', '/auth/second-factor/verify', { code: recovery_codes[1]! })).statusCode).toBe(400);
    expect((await send(await again(zoe), 'POST', '/auth/second-factor/verify', { code: renewed.recovery_codes[0]! })).statusCode).toBe(200);
  });

  it(`locks the account's codes after ${RATE_LIMITS.secondFactorFailuresPerAccount.points} wrong ones, even the right one, from any session`, async () => {
    const first = await model('proven');
    for (let i = 0; i < RATE_LIMITS.secondFactorFailuresPerAccount.points; i++) {
      expect((await send(await again(first), 'POST', '/auth/second-factor/verify', { code: '000000' })).statusCode).toBe(400);
    }
    clock += 30_000;
    const locked = await send(await again(first), 'POST', '/auth/second-factor/verify', { code: await codeNow(TEST_TOTP_SECRET) });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets one of two parallel requests with the same code through, never both', async () => {
    const first = await model('proven');
    clock += 30_000;
    const code = await codeNow(TEST_TOTP_SECRET);
    const sessions = await Promise.all([again(first), again(first)]);
    const answers = await Promise.all(sessions.map((s) => send(s, 'POST', '/auth/second-factor/verify', { code })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });
});

describe('a customer', () => {
  it('is never asked: the profile says not-needed, and setting up an app is refused as pointless', async () => {
    const member = await loginAs(t, await createUser(t));
    expect((await profileOf(member)).second_factor).toBe('not-needed');
    const res = await send(member, 'POST', '/auth/second-factor/setup');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'SECOND_FACTOR_NOT_NEEDED' });
    expect((await send(member, 'GET', '/user/profile')).statusCode).toBe(200);
  });
});

describe('input', () => {
  it.each([['12345'], ['1234567'], ['abcdef'], ['12\u000034'], ['']])('answers 400 naming code for %j', async (code) => {
    const zoe = await model('pending');
    const res = await send(zoe, 'POST', '/auth/second-factor/verify', { code });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('code');
  });
});
