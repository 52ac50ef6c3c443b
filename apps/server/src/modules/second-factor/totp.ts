import { timingSafeEqual } from 'node:crypto';
import { generate, generateSecret, generateURI } from 'otplib';

// TOTP as every authenticator app does it (RFC 6238: SHA-1, 6 digits, 30-second steps), through otplib. The step of the
// code that matched is returned, so the caller can refuse a code used before (RFC 6238 §5.2).

export const TOTP_STEP_SECONDS = 30;
/** Codes of the step before and after are accepted too: a phone's clock a little off, a code typed as it changed. */
const TOLERANCE_STEPS = 1;

export const newTotpSecret = (): string => generateSecret();

export const totpUri = (secret: string, account: string, issuer: string): string => generateURI({ issuer, label: account, secret });

export const totpStepOf = (nowMs: number) => Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS);

/** The code of the app for the step of `atMs` (tests and the demo's documentation use it). */
export const totpCodeAt = (secret: string, atMs: number): Promise<string> => generate({ secret, epoch: Math.floor(atMs / 1000) });

/** The step whose code `code` is, within the tolerance around `nowMs`, or null when it is none of them. */
export async function matchingTotpStep(secret: string, code: string, nowMs: number): Promise<number | null> {
  const now = totpStepOf(nowMs);
  const given = Buffer.from(code, 'utf8');
  let match: number | null = null;
  // Every candidate is computed and compared, so the time taken does not say which one matched.
  for (let offset = -TOLERANCE_STEPS; offset <= TOLERANCE_STEPS; offset++) {
    const step = now + offset;
    const expected = Buffer.from(await totpCodeAt(secret, step * TOTP_STEP_SECONDS * 1000), 'utf8');
    if (expected.length === given.length && timingSafeEqual(expected, given) && match === null) match = step;
  }
  return match;
}
