import { createHmac, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../../config';
import { generatedKey, secretsDir } from '../../lib/generated-key';

// Viewer and publisher tokens of live rooms (decision record 032): short-lived, signed, tied to one person and one
// camera. The API hands them out after its checks (law, log-in, paid state); the media server's WHIP/WHEP handshake
// accepts nothing else, so the checks hold even for a client that skips the UI.
// Format: base64url(JSON claims) "." base64url(HMAC-SHA256 of "live:" + the first part).

export const VIEWER_TOKEN_TTL_SECONDS = 60;
export const PUBLISHER_TOKEN_TTL_SECONDS = 60;
/**
 * LL-HLS: the token sits in the path of every playlist and segment request. Short-lived, so a URL copied out of a paid
 * session soon stops; the player renews its ticket every 30 s while it plays (decision record 061).
 */
export const HLS_TOKEN_TTL_SECONDS = 90;

/** view: a WHEP offer; hls: LL-HLS playlists and segments; publish: a browser's WHIP offer. */
export type LiveTokenKind = 'view' | 'hls' | 'publish';

export interface LiveTokenClaims {
  kind: LiveTokenKind;
  cameraId: number;
  /** The member (view) or the model's account (publish). */
  userId: number;
  /** Unix seconds. */
  exp: number;
}

export type LiveTokenVerdict = { ok: true; claims: LiveTokenClaims } | { ok: false; reason: 'malformed' | 'invalid' | 'expired' | 'wrong-kind' | 'wrong-camera' };

/** LIVE_SIGNING_SECRET when set; else a key generated once in DATA_DIR/secrets (instances sharing DATA_DIR share it). */
export function liveSigningKey(config: Pick<Config, 'dataDir' | 'live'>): Buffer {
  return Buffer.from(config.live.signingSecret ?? generatedKey(path.join(secretsDir(config.dataDir), 'live-signing.key')), 'utf8');
}

const mac = (key: Buffer, body: string) => createHmac('sha256', key).update(`live:${body}`).digest('base64url');

export function signLiveToken(key: Buffer, claims: LiveTokenClaims): string {
  const body = Buffer.from(JSON.stringify({ k: claims.kind, c: claims.cameraId, u: claims.userId, e: claims.exp }), 'utf8').toString('base64url');
  return `${body}.${mac(key, body)}`;
}

/** Checks signature, expiry, kind and (when given) the camera the URL names. */
export function verifyLiveToken(
  key: Buffer,
  token: unknown,
  expected: { kind: LiveTokenKind; cameraId?: number },
  nowMs: number,
): LiveTokenVerdict {
  if (typeof token !== 'string' || token.length > 512) return { ok: false, reason: 'malformed' };
  const [body, sig, extra] = token.split('.');
  if (!body || !sig || extra !== undefined) return { ok: false, reason: 'malformed' };
  const want = Buffer.from(mac(key, body), 'utf8');
  const given = Buffer.from(sig, 'utf8');
  if (given.length !== want.length || !timingSafeEqual(given, want)) return { ok: false, reason: 'invalid' };
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const r = raw as { k?: unknown; c?: unknown; u?: unknown; e?: unknown };
  if ((r.k !== 'view' && r.k !== 'hls' && r.k !== 'publish') || !Number.isSafeInteger(r.c) || !Number.isSafeInteger(r.u) || !Number.isSafeInteger(r.e)) {
    return { ok: false, reason: 'malformed' };
  }
  const claims: LiveTokenClaims = { kind: r.k, cameraId: r.c as number, userId: r.u as number, exp: r.e as number };
  if (claims.exp * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  if (claims.kind !== expected.kind) return { ok: false, reason: 'wrong-kind' };
  if (expected.cameraId !== undefined && claims.cameraId !== expected.cameraId) return { ok: false, reason: 'wrong-camera' };
  return { ok: true, claims };
}
