import { sha256, sha384, sha512 } from '@noble/hashes/sha2.js';
import type { CaptchaChallenge } from '@velora/shared';
import { solveChallenge } from 'altcha-lib';

// The self-hosted proof of work (ALTCHA v2, docs/decisions/008): find the counter whose derived key starts with
// the signed prefix. altcha-lib's solver does the search; the key is derived here with a pure-JS SHA-2, because
// crypto.subtle exists only in secure contexts (a plain-http test host has none) and is slower for tiny inputs.

const HASHES: Record<string, (data: Uint8Array) => Uint8Array> = { 'SHA-256': sha256, 'SHA-384': sha384, 'SHA-512': sha512 };

interface KeyParameters {
  algorithm: string;
  cost: number;
  keyLength?: number;
}

/** altcha-lib's SHA derivation: hash(salt ‖ password), then `cost` - 1 more rounds; cut to keyLength. */
export async function deriveKey(parameters: KeyParameters, salt: Uint8Array, password: Uint8Array): Promise<{ parameters: Record<string, never>; derivedKey: Uint8Array }> {
  const hash = HASHES[parameters.algorithm];
  if (!hash) throw new Error(`Unsupported captcha algorithm ${parameters.algorithm}`);
  let key: Uint8Array = new Uint8Array(salt.length + password.length);
  key.set(salt, 0);
  key.set(password, salt.length);
  for (let i = 0; i < Math.max(1, parameters.cost); i += 1) key = hash(key);
  return { parameters: {}, derivedKey: key.slice(0, parameters.keyLength ?? 32) };
}

/** What the form sends as `captcha`: base64 of {challenge, solution}, as the altcha widget would. */
export function captchaPayload(challenge: CaptchaChallenge, solution: { counter: number; derivedKey: string; time?: number }): string {
  return btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }));
}

/** Solves a challenge here (a worker calls this; so does the page where workers are missing). Null when aborted or timed out. */
export async function solveCaptcha(challenge: CaptchaChallenge, controller?: AbortController): Promise<string | null> {
  const solution = await solveChallenge({
    challenge: challenge as Parameters<typeof solveChallenge>[0]['challenge'],
    deriveKey: deriveKey as Parameters<typeof solveChallenge>[0]['deriveKey'],
    ...(controller ? { controller } : {}),
  });
  return solution ? captchaPayload(challenge, solution) : null;
}
