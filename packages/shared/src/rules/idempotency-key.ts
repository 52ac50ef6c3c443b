// The Idempotency-Key header of the member calls that create something (decision record 030): a client sends one
// fresh key per user action and the same key again on its own retries; the server answers a retry with the first
// answer instead of creating a second message, comment, tip or checkout.

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on an answer that is the stored first answer of the key, not a new one. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 128;
export const IDEMPOTENCY_KEY_RULE = `Must be 1–${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters (no spaces)`;

/** The key's rule as a pattern, which the OpenAPI document states for the header. */
export const IDEMPOTENCY_KEY_PATTERN = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`);

/** Whether a header value is a usable key: 1–128 visible ASCII characters (a UUID, a ULID, a random string). */
export const isIdempotencyKey = (value: string): boolean => IDEMPOTENCY_KEY_PATTERN.test(value);

/** A fresh key for one user action (the web sends it with the call and again on the call's retries). */
export function newIdempotencyKey(): string {
  // getRandomValues, not randomUUID: browsers offer the latter only on HTTPS or localhost.
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
