import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';
import { generatedKey } from '../../lib/generated-key';
import { mediaPaths } from './media-paths';

// Signed, expiring media URLs: ?exp=<unix seconds>&sig=<base64url HMAC-SHA256 of "hls:<asset>:<exp>">.
// The signature covers an asset, not a file, so a player's relative fetches (variants, segments) carry it on.

/** How long a handed-out playlist URL stays valid. */
export const HLS_URL_TTL_SECONDS = 4 * 60 * 60;
/** Expiries are rounded up to this step, so a URL stays the same for a while and players and CDNs can cache by it. */
const EXPIRY_STEP_SECONDS = 5 * 60;

/** MEDIA_SIGNING_SECRET when set; else a key generated once in DATA_DIR/secrets (mode 600) and kept there. */
export function signingKey(config: Pick<Config, 'dataDir' | 'mediaSigningSecret'>): Buffer {
  return Buffer.from(config.mediaSigningSecret ?? generatedKey(mediaPaths(config.dataDir).signingKey), 'utf8');
}

/** The expiry of a URL handed out at `nowMs`: at least the TTL ahead, on a step boundary. */
export function hlsExpiry(nowMs: number): number {
  const earliest = Math.floor(nowMs / 1000) + HLS_URL_TTL_SECONDS;
  return Math.ceil(earliest / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
}

/** `asset` is an asset id, or `censored` for the restricted viewer's placeholder. */
export function signHls(key: Buffer, asset: string, exp: number): string {
  return createHmac('sha256', key).update(`hls:${asset}:${exp}`).digest('base64url');
}

/**
 * A preview of a picture members do not see yet (an unpublished model, a draft or scheduled shoot, decision record 075):
 * the back office hands these out; without a valid one such a picture is a 404.
 */
export function signImagePreview(key: Buffer, kind: string, id: number, exp: number): string {
  return createHmac('sha256', key).update(`image:${kind}:${id}:${exp}`).digest('base64url');
}

export function verifyImagePreview(key: Buffer, kind: string, id: number, exp: unknown, sig: unknown, nowMs: number): boolean {
  if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return false;
  const expected = Buffer.from(signImagePreview(key, kind, id, Number(exp)), 'utf8');
  const given = Buffer.from(sig, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected) && Number(exp) * 1000 > nowMs;
}

export type Verdict = 'ok' | 'missing' | 'expired' | 'invalid';

export function verifyHls(key: Buffer, asset: string, exp: unknown, sig: unknown, nowMs: number): Verdict {
  if (typeof exp !== 'string' || typeof sig !== 'string' || exp === '' || sig === '') return 'missing';
  if (!/^\d{1,12}$/.test(exp)) return 'invalid';
  const expected = Buffer.from(signHls(key, asset, Number(exp)), 'utf8');
  const given = Buffer.from(sig, 'utf8');
  // Constant time: a wrong signature takes as long to refuse whatever its first differing character.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  if (Number(exp) * 1000 <= nowMs) return 'expired';
  return 'ok';
}
