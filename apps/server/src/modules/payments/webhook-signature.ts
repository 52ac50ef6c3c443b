import { createHmac, timingSafeEqual } from 'node:crypto';
import { HttpError } from '../../lib/http-error';

// Signed webhooks: `velora-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. The timestamp is
// inside the signature, so a captured request cannot be replayed after the tolerance window; several v1 values are
// accepted so that a secret can be rotated without refusing events signed with the old one.

export const SIGNATURE_HEADER = 'velora-signature';
/** How far the signed timestamp may be from our clock, either way. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export class WebhookRejected extends HttpError {
  constructor(reason: string) {
    super(400, 'WEBHOOK_REJECTED', `Webhook refused: ${reason}`);
    this.name = 'WebhookRejected';
  }
}

const hmacHex = (secret: string, timestamp: number, rawBody: string) => createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');

/** The header value that signs `rawBody` at `timestampSeconds`. */
export function signWebhook(secret: string, rawBody: string, timestampSeconds: number): string {
  return `t=${timestampSeconds},v1=${hmacHex(secret, timestampSeconds, rawBody)}`;
}

/** Throws WebhookRejected unless `header` signs `rawBody` with `secret` within the tolerance of `nowMs`. */
export function verifyWebhookSignature(secret: string, header: string | string[] | undefined, rawBody: string, nowMs: number): void {
  if (typeof header !== 'string' || header === '') throw new WebhookRejected(`the ${SIGNATURE_HEADER} header is missing`);
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (timestamp === null || signatures.length === 0) throw new WebhookRejected(`the ${SIGNATURE_HEADER} header is malformed`);
  if (Math.abs(nowMs / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) throw new WebhookRejected('the signature timestamp is outside the tolerance window');
  const expected = Buffer.from(hmacHex(secret, timestamp, rawBody), 'hex');
  // Constant time, on buffers of equal length (both 32 bytes: the format check above guarantees it).
  const matches = signatures.some((s) => {
    const given = Buffer.from(s, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookRejected('the signature does not match');
}
