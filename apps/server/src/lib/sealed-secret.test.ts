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
    // A character inside the text, not the last: the last one of base64 may carry only padding bits, and a change
    // there can leave the bytes as they were (it did, by chance, once in CI).
    const at = sealed.length - 5;
    const altered = `${sealed.slice(0, at)}${sealed[at] === 'A' ? 'B' : 'A'}${sealed.slice(at + 1)}`;
    expect(() => sealer.open(altered)).toThrow();
    expect(() => sealer.open('secret')).toThrow('not a sealed secret');
    expect(() => sealer.open('v1.AAAA')).toThrow('not a sealed secret');
  });
});
