import { describe, expect, it } from 'vitest';
import { createSecretSealer } from './sealed-secret';

describe('a secret sealer', () => {
  const sealer = createSecretSealer('k'.repeat(43), 'totp');

  it('opens what it sealed, and seals the same text differently each time (a fresh nonce)', () => {
    const a = sealer.seal('JBSWY3DPEHPK3PXP');
    const b = sealer.seal('JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealer.open(a)).toBe('JBSWY3DPEHPK3PXP');
    expect(sealer.open(b)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a value sealed under another key or for another purpose', () => {
    const sealed = sealer.seal('secret');
    expect(() => createSecretSealer('x'.repeat(43), 'totp').open(sealed)).toThrow();
    expect(() => createSecretSealer('k'.repeat(43), 'other').open(sealed)).toThrow();
  });

  it('refuses an altered value and one that is not sealed at all', () => {
    const sealed = sealer.seal('secret');
    const last = sealed.at(-1) === 'A' ? 'B' : 'A';
    expect(() => sealer.open(sealed.slice(0, -1) + last)).toThrow();
    expect(() => sealer.open('secret')).toThrow('not a sealed secret');
    expect(() => sealer.open('v1.AAAA')).toThrow('not a sealed secret');
  });
});
