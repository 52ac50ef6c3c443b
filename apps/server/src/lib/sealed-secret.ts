import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// Secrets the server must read back (a person's TOTP secret) are kept sealed at rest with AES-256-GCM: a copy of the
// database alone gives nobody a second factor. Format: "v1." + base64url(12-byte nonce ‖ ciphertext ‖ 16-byte tag).

const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretSealer {
  seal(plain: string): string;
  /** The plain text; throws when the sealed value was made with another key or was altered. */
  open(sealed: string): string;
}

/** A sealer under `key` (any length: it is stretched to 256 bits with SHA-256; a generated key already has 256 bits). */
export function createSecretSealer(key: string, purpose: string): SecretSealer {
  // The purpose goes into the key, so a value sealed for one use cannot be opened as another.
  const aesKey = createHash('sha256').update(`${purpose}\0${key}`).digest();
  return {
    seal(plain) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', aesKey, nonce);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64url')}`;
    },
    open(sealed) {
      const [version, payload, extra] = sealed.split('.');
      if (version !== VERSION || !payload || extra !== undefined) throw new Error('not a sealed secret of this server');
      const raw = Buffer.from(payload, 'base64url');
      if (raw.length < NONCE_BYTES + TAG_BYTES) throw new Error('not a sealed secret of this server');
      const decipher = createDecipheriv('aes-256-gcm', aesKey, raw.subarray(0, NONCE_BYTES));
      decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(NONCE_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}
