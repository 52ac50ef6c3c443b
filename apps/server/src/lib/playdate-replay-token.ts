import { createHmac, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../config';
import { generatedKey, secretsDir } from './generated-key';

// The link to a finished public playdate's chat replay (decision record 041): `/playdate-chat-replay?token=…`, opened
// without a log-in, so the token is the permission. It names one playdate and does not expire (a shared link keeps
// working); the replay call still answers only for a finished public playdate. It lives in lib, below both modules
// that need it: the playdates module builds `Playdate.replay_path` with it, the rooms module checks it.
// Format: "<playdate id>.<base64url HMAC-SHA256(key, 'playdate-replay:' + id)>".

/** PLAYDATE_REPLAY_SECRET is not a setting: LIVE_SIGNING_SECRET when set, else a key generated once in DATA_DIR/secrets. */
export function playdateReplayKey(config: Pick<Config, 'dataDir' | 'live'>): Buffer {
  return Buffer.from(config.live.signingSecret ?? generatedKey(path.join(secretsDir(config.dataDir), 'playdate-replay.key')), 'utf8');
}

const mac = (key: Buffer, playdateId: number) => createHmac('sha256', key).update(`playdate-replay:${playdateId}`).digest('base64url');

export function signPlaydateReplayToken(key: Buffer, playdateId: number): string {
  return `${playdateId}.${mac(key, playdateId)}`;
}

/** The web page of the replay (product §2 /playdate-chat-replay). */
export function playdateReplayPath(key: Buffer, playdateId: number): string {
  return `/playdate-chat-replay?token=${encodeURIComponent(signPlaydateReplayToken(key, playdateId))}`;
}

/** 'malformed': not shaped like a token at all (400); 'invalid': a wrong signature (404, like an unknown playdate). */
export type PlaydateReplayVerdict = { ok: true; playdateId: number } | { ok: false; reason: 'malformed' | 'invalid' };

export function verifyPlaydateReplayToken(key: Buffer, token: string): PlaydateReplayVerdict {
  const match = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: 'malformed' };
  const playdateId = Number(match[1]);
  const want = Buffer.from(mac(key, playdateId), 'utf8');
  const given = Buffer.from(match[2]!, 'utf8');
  if (given.length !== want.length || !timingSafeEqual(given, want)) return { ok: false, reason: 'invalid' };
  return { ok: true, playdateId };
}
