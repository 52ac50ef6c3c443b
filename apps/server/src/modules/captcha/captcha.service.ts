import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { z } from 'zod';
import type { CaptchaChallenge } from '@velora/shared';
import type { Platform } from '../../platform';
import type { Queryable } from '../../db/database';
import { tooManyRequests } from '../../lib/http-error';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { captchaHmacKey } from './captcha-key';
import { captchaRepository } from './captcha.repository';

// A self-hosted proof of work (ALTCHA v2, no third party): the client searches for the counter whose derived key
// starts with the signed prefix. The challenge is signed, so the server keeps nothing until a solution is used.

/** How long a challenge may be solved and submitted: long enough to write a message after the widget solved it. */
export const CAPTCHA_TTL_MS = 30 * 60_000;
export const CAPTCHA_ALGORITHM = 'SHA-256';
/**
 * The work: about (min + max) / 2 × cost SHA-256 digests on average, some 60,000 — a second or less in a browser,
 * a small cost to a person and a real one to a script posting thousands of forms.
 */
export const CAPTCHA_WORK = { cost: 4, counterMin: 5_000, counterMax: 25_000 } as const;

const HEX = /^[0-9a-f]+$/;

/** The shape a solved payload must have before anything is computed from it. */
const SolvedPayload = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.literal(CAPTCHA_ALGORITHM),
      nonce: z.string().regex(HEX).max(64),
      salt: z.string().regex(HEX).max(64),
      cost: z.number().int().positive(),
      keyLength: z.number().int().positive().max(64),
      keyPrefix: z.string().regex(HEX).max(128),
      expiresAt: z.number().int().positive(),
    }),
    signature: z.string().regex(HEX).max(256),
  }),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string().regex(HEX).max(256) }),
});

function decode(payload: string): z.infer<typeof SolvedPayload> | null {
  try {
    const json: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    const parsed = SolvedPayload.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function createCaptchaService(deps: Pick<Platform, 'config' | 'db' | 'now' | 'rateLimits'>) {
  const { db, now, rateLimits } = deps;
  let secrets: { signature: string; keySignature: string } | undefined;
  const keys = () => {
    if (!secrets) {
      const master = captchaHmacKey(deps.config);
      // Two purposes, two keys: the challenge signature and the derived-key signature never share one.
      const derive = (label: string) => createHmac('sha256', master).update(label).digest('hex');
      secrets = { signature: derive('altcha-challenge'), keySignature: derive('altcha-derived-key') };
    }
    return secrets;
  };

  return {
    /** A new signed challenge; at most RATE_LIMITS.captchaChallengesPerAddress per client address. */
    async challenge(ip: string): Promise<CaptchaChallenge> {
      const hits = await rateLimits.consume(`captcha:challenge:${ip}`, RATE_LIMITS.captchaChallengesPerAddress);
      if (!hits.allowed) {
        throw tooManyRequests('Too many captcha requests. Try again in a minute.', Math.max(1, Math.ceil(hits.retryAfterMs / 1000)));
      }
      const { signature, keySignature } = keys();
      const challenge = await createChallenge({
        algorithm: CAPTCHA_ALGORITHM,
        cost: CAPTCHA_WORK.cost,
        // Deterministic mode: the counter is chosen here, so the solver's work is known and verifying is one HMAC.
        counter: randomInt(CAPTCHA_WORK.counterMax, CAPTCHA_WORK.counterMin),
        deriveKey,
        expiresAt: new Date(now().getTime() + CAPTCHA_TTL_MS),
        hmacSignatureSecret: signature,
        hmacKeySignatureSecret: keySignature,
      });
      return challenge as CaptchaChallenge;
    },

    /**
     * Whether `payload` is a solved, unexpired challenge of ours that was not used before; a valid one is used up.
     * Pass the transaction that stores what the captcha guards, so a failed store does not use the captcha up.
     */
    async verifyAndUse(payload: string, tx: Queryable = db): Promise<boolean> {
      const solved = decode(payload);
      if (!solved) return false;
      const at = now();
      const expiresAt = new Date(solved.challenge.parameters.expiresAt * 1000);
      // Checked against our clock; the library checks its own too (they agree outside of tests).
      if (expiresAt.getTime() <= at.getTime()) return false;
      const { signature, keySignature } = keys();
      let verified = false;
      try {
        const result = await verifySolution({
          challenge: solved.challenge,
          solution: solved.solution,
          deriveKey,
          hmacSignatureSecret: signature,
          hmacKeySignatureSecret: keySignature,
        });
        verified = result.verified;
      } catch {
        verified = false;
      }
      if (!verified) return false;
      await captchaRepository.forgetExpired(tx, at);
      return captchaRepository.markUsed(tx, solved.challenge.parameters.nonce, expiresAt);
    },
  };
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;
