import { createHash, randomInt } from 'node:crypto';
import path from 'node:path';
import {
  PRODUCT_NAME,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_PATTERN,
  SECOND_FACTOR_VALID_MS,
  secondFactorStateOf,
  type RecoveryCodes,
  type SecondFactorSetup,
  type SecondFactorState,
} from '@velora/shared';
import { renderSVG } from 'uqr';
import { generatedKey, secretsDir } from '../../lib/generated-key';
import { HttpError, conflict } from '../../lib/http-error';
import { RATE_LIMITS, limitReached } from '../../lib/rate-limits';
import { createSecretSealer } from '../../lib/sealed-secret';
import type { Queryable } from '../../db/database';
import type { Platform } from '../../platform';
import type { AuthContext, SessionsService } from '../sessions/sessions.service';
import { secondFactorRepository } from './second-factor.repository';
import { matchingTotpStep, newTotpSecret, totpStepOf, totpUri } from './totp';

// Two-factor sign-in (decision record 070): the people who work on the site set up an authenticator app (TOTP), keep
// ten one-time recovery codes, and prove a code on each session before back-office and studio calls (plugins/auth.ts
// asks, with the session's second_factor_at).

const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

const wrongCode = (field = 'code') =>
  new HttpError(400, 'SECOND_FACTOR_CODE_WRONG', 'That code is not right: enter the current code of your authenticator app', {
    [field]: 'Not the current code of your authenticator app, or a code used already',
  });

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** Ten random characters as xxxxx-xxxxx, from an alphabet without look-alikes (0/o, 1/l): 50 bits. */
function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

type Deps = Pick<Platform, 'db' | 'now' | 'config' | 'rateLimits'> & { sessions: SessionsService; usernameOf: (userId: number) => Promise<string | null> };

export function createSecondFactorService({ db, now, config, rateLimits, sessions, usernameOf }: Deps) {
  const sealer = createSecretSealer(config.secondFactorKey ?? generatedKey(path.join(secretsDir(config.dataDir), 'second-factor.key')), 'totp');
  const failuresKey = (userId: number) => `second-factor:account:${userId}`;

  /** Counts the attempt before the code is checked (parallel guesses cannot outrun the limit); a right code clears it. */
  async function guarded<T>(userId: number, attempt: () => Promise<T | null>, wrong: () => HttpError = wrongCode): Promise<T> {
    const decision = await rateLimits.consume(failuresKey(userId), RATE_LIMITS.secondFactorFailuresPerAccount);
    if (!decision.allowed) throw limitReached('wrong codes', RATE_LIMITS.secondFactorFailuresPerAccount, decision.retryAfterMs);
    const result = await attempt();
    if (result === null) throw wrong();
    await rateLimits.reset(failuresKey(userId), RATE_LIMITS.secondFactorFailuresPerAccount);
    return result;
  }

  async function issueRecoveryCodes(tx: Queryable, userId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await secondFactorRepository.replaceRecoveryCodes(tx, userId, codes.map(hashCode), now());
    return codes;
  }

  /** The step of a right, unused code of the confirmed app (taken as used), or null. */
  async function useTotp(tx: Queryable, userId: number, code: string, confirming: boolean): Promise<number | null> {
    const row = await secondFactorRepository.find(tx, userId);
    if (!row || (row.confirmed_at === null) !== confirming) return null;
    const step = await matchingTotpStep(sealer.open(row.secret_sealed), code, now().getTime());
    if (step === null) return null;
    return (await secondFactorRepository.useStep(tx, userId, step, confirming ? now() : null)) ? step : null;
  }

  async function state(auth: AuthContext, provenAt: Date | null = auth.secondFactorAt): Promise<SecondFactorState> {
    const [row, left] = await Promise.all([secondFactorRepository.find(db, auth.userId), secondFactorRepository.recoveryCodesLeft(db, auth.userId)]);
    const enrolled = row?.confirmed_at != null;
    const verified = secondFactorStateOf({ worksOnSite: auth.worksOnSite, enrolled, provenAtMs: provenAt?.getTime() ?? null }, now().getTime()) === 'verified';
    return {
      needed: auth.worksOnSite,
      enrolled,
      verified_until: verified && provenAt ? Math.floor((provenAt.getTime() + SECOND_FACTOR_VALID_MS) / 1000) : null,
      recovery_codes_left: left,
    };
  }

  return {
    state: (auth: AuthContext) => state(auth),

    /** A new secret to scan; replaces one not confirmed yet. 409 once an app is confirmed (a team admin resets it). */
    async setup(auth: AuthContext): Promise<SecondFactorSetup> {
      // Only the people who work on the site: a customer's calls never ask for a code, so an app would guard nothing.
      if (!auth.worksOnSite) throw new HttpError(403, 'SECOND_FACTOR_NOT_NEEDED', 'Two-factor sign-in is for the team, models, writers and retaggers');
      const secret = newTotpSecret();
      if (!(await secondFactorRepository.startSetup(db, auth.userId, sealer.seal(secret), now()))) {
        throw new HttpError(409, 'SECOND_FACTOR_ENROLLED', 'An authenticator app is set up already: ask a team admin to reset it to set up another one');
      }
      const uri = totpUri(secret, (await usernameOf(auth.userId)) ?? `user ${auth.userId}`, PRODUCT_NAME);
      return { secret, otpauth_uri: uri, qr_svg: renderSVG(uri, { border: 2 }) };
    },

    /** The first right code confirms the app: the recovery codes (shown once) are the answer, and this session is proven. */
    async confirm(auth: AuthContext, code: string): Promise<RecoveryCodes> {
      const existing = await secondFactorRepository.find(db, auth.userId);
      if (!existing || existing.confirmed_at !== null) {
        throw new HttpError(409, 'SECOND_FACTOR_NO_SETUP', existing ? 'The authenticator app is confirmed already' : 'Start the set-up first: there is no secret to confirm');
      }
      return guarded(auth.userId, () =>
        db.transaction(async (tx) => {
          if ((await useTotp(tx, auth.userId, code, true)) === null) return null;
          const codes = await issueRecoveryCodes(tx, auth.userId);
          await sessions.markSecondFactor(auth.sessionId, tx);
          return { recovery_codes: codes };
        }),
      );
    },

    /** Proves this session with a code of the app or an unused recovery code. */
    async verify(auth: AuthContext, code: string): Promise<SecondFactorState> {
      const row = await secondFactorRepository.find(db, auth.userId);
      if (!row || row.confirmed_at === null) {
        throw new HttpError(409, 'SECOND_FACTOR_NOT_ENROLLED', 'No authenticator app is set up for this account: set one up first');
      }
      await guarded(auth.userId, () =>
        db.transaction(async (tx) => {
          const right = RECOVERY_CODE_PATTERN.test(code)
            ? await secondFactorRepository.useRecoveryCode(tx, auth.userId, hashCode(code), now())
            : (await useTotp(tx, auth.userId, code, false)) !== null;
          if (!right) return null;
          await sessions.markSecondFactor(auth.sessionId, tx);
          return true;
        }),
      );
      return state(auth, now());
    },

    /** New recovery codes for a current code of the app; the old ones stop working. */
    async newRecoveryCodes(auth: AuthContext, code: string): Promise<RecoveryCodes> {
      const row = await secondFactorRepository.find(db, auth.userId);
      if (!row || row.confirmed_at === null) throw conflict('No authenticator app is set up for this account: set one up first');
      return guarded(auth.userId, () =>
        db.transaction(async (tx) => ((await useTotp(tx, auth.userId, code, false)) === null ? null : { recovery_codes: await issueRecoveryCodes(tx, auth.userId) })),
      );
    },

    /** Sets up a known secret, confirmed (the demo's staff accounts; a test's staff). */
    enroll: (userId: number, secret: string, tx: Queryable = db) => secondFactorRepository.enroll(tx, userId, sealer.seal(secret), now()),

    /** Removes a person's app and recovery codes (a team admin's reset, audited by the caller). */
    reset: (userId: number, tx: Queryable = db) => secondFactorRepository.remove(tx, userId),

    /** The current 30-second step (tests reading the clock the service reads). */
    currentStep: () => totpStepOf(now().getTime()),
  };
}
export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
