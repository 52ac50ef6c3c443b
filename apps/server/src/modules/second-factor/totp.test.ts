import { describe, expect, it } from 'vitest';
import { matchingTotpStep, totpCodeAt, totpStepOf, totpUri } from './totp';

// RFC 6238 appendix B: the SHA-1 secret "12345678901234567890" (ASCII), whose 8-digit codes are given; an app shows
// their last six digits.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('gives the code of RFC 6238 at %i s: %s', async (seconds, code) => {
    expect(await totpCodeAt(RFC_SECRET, seconds * 1000)).toBe(code);
  });

  it('names the step a code belongs to, one step either side, and no other', async () => {
    const now = 1_234_567_890_000;
    const step = totpStepOf(now);
    for (const offset of [-1, 0, 1]) {
      expect(await matchingTotpStep(RFC_SECRET, await totpCodeAt(RFC_SECRET, now + offset * 30_000), now)).toBe(step + offset);
    }
    for (const offset of [-2, 2]) {
      expect(await matchingTotpStep(RFC_SECRET, await totpCodeAt(RFC_SECRET, now + offset * 30_000), now)).toBeNull();
    }
    expect(await matchingTotpStep(RFC_SECRET, '12345', now)).toBeNull();
  });

  it('writes the otpauth URI authenticator apps scan', () => {
    expect(totpUri('JBSWY3DPEHPK3PXP', 'zoé', 'Velora')).toBe('otpauth://totp/Velora:zo%C3%A9?secret=JBSWY3DPEHPK3PXP&issuer=Velora');
  });
});
