import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey as nodeDeriveKey } from 'altcha-lib/algorithms/sha';
import type { CaptchaChallenge } from '@velora/shared';
import { describe, expect, it } from 'vitest';
import { deriveKey, solveCaptcha } from './solve';

// The browser solver against the server's library: what the page sends must verify there.

const SECRET = 'test-hmac-secret';

describe('captcha solver', () => {
  it.each([1, 4])('derives the same key as altcha-lib (cost %i)', async (cost) => {
    const salt = new Uint8Array([1, 2, 3, 4]);
    const password = new Uint8Array([9, 8, 7, 6, 0, 0, 1, 44]);
    const parameters = { algorithm: 'SHA-256', cost, keyLength: 32, nonce: '', salt: '', keyPrefix: '' };
    const mine = await deriveKey(parameters, salt, password);
    const theirs = await nodeDeriveKey(parameters, salt, password);
    expect(Buffer.from(mine.derivedKey).toString('hex')).toBe(Buffer.from(theirs.derivedKey).toString('hex'));
  });

  it('solves a signed challenge as the server makes them, and the server accepts the payload', async () => {
    const challenge = await createChallenge({
      algorithm: 'SHA-256',
      cost: 4,
      counter: 1_234,
      deriveKey: nodeDeriveKey,
      hmacSignatureSecret: SECRET,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const payload = await solveCaptcha(challenge as unknown as CaptchaChallenge);
    expect(payload).not.toBeNull();
    const decoded = JSON.parse(atob(payload!)) as { challenge: typeof challenge; solution: { counter: number; derivedKey: string } };
    expect(decoded.solution.counter).toBe(1_234);
    const result = await verifySolution({ challenge: decoded.challenge, solution: decoded.solution, deriveKey: nodeDeriveKey, hmacSignatureSecret: SECRET });
    expect(result.verified).toBe(true);
  });

  it('rejects an algorithm it does not know', async () => {
    await expect(deriveKey({ algorithm: 'MD5', cost: 1 }, new Uint8Array(), new Uint8Array())).rejects.toThrow(/Unsupported/);
  });
});
