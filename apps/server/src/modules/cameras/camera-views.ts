import { createHash } from 'node:crypto';
import { CAMERA_NAME_PATTERN, CAMERA_SOON_SECONDS, type CameraShow, type CameraSummary, type CameraTag } from '@velora/shared';
import type { AuthContext } from '../sessions/sessions.service';
import type { CameraRow, CameraShowRow, CameraTagRow } from './cameras.repository';
import type { SessionAirRow } from './camera-sessions.repository';

// How the use cases of live cams see a camera's rows: the answers' shapes and what the modules above are handed.

/** Names the static segments of /api/cameras/… take. */
const RESERVED_CAMERA_NAMES = new Set(['tags', 'mails']);

/**
 * A show (camera session) as paid minutes see it (decision record 062): on air while open and out of its grace
 * period; an outage begins when the publisher goes or its instance stops reporting, and the outages that ended with the
 * publisher back add up in offAirSeconds.
 */
export interface ShowAir {
  sessionId: number;
  ended: boolean;
  onAir: boolean;
  /** When the current outage began (or the one the show ended in); null while on air. */
  offAirSince: Date | null;
  /** When the current outage's grace period ends; null while on air. */
  graceUntil: Date | null;
  offAirSeconds: number;
}

/** A camera as the modules above need it (chat sessions): who owns it, whether it is on air, its chat mode and price. */
export interface CameraInfo {
  id: number;
  name: string;
  displayName: string;
  modelId: number;
  /** A show is open, in its grace period or not (the camera is listed live). */
  live: boolean;
  /** A show is open and its video flows: not in a grace period (product §4: paid minutes run only on air). */
  onAir: boolean;
  /** The open show, or null. */
  show: ShowAir | null;
  /** Unix seconds the current (or last) show began; null before the first. */
  liveSince: number | null;
  chatMode: CameraRow['chat_mode'];
  pricePerMinute: number | null;
}

/** The chat settings of a camera before and after the model changed them (chat sessions end what no longer holds). */
export type CameraSettingsSnapshot = Pick<CameraInfo, 'id' | 'chatMode' | 'pricePerMinute'>;

/** A URL name from a stage name: "Zoé Berg" → "zoe-berg"; null when nothing usable is left. */
export function cameraNameFrom(displayName: string): string | null {
  const slug = displayName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 28)
    .replace(/-+$/, '');
  return CAMERA_NAME_PATTERN.test(slug) && !RESERVED_CAMERA_NAMES.has(slug) ? slug : null;
}

export const unix = (value: Date | string) => Math.floor(new Date(value).getTime() / 1000);
export const unixOrNull = (value: Date | string | null) => (value === null ? null : unix(value));
export const hashStreamKey = (key: string) => createHash('sha256').update(`stream-key:${key}`).digest('hex');

/** product §6: a restricted viewer (role censored) sees placeholders: no live still, no live video. */
export const isRestrictedViewer = (viewer: AuthContext | null) => viewer?.roles.includes('censored') ?? false;

export const toTag = (t: CameraTagRow): CameraTag => ({ id: t.id, name_en: t.name_en, name_de: t.name_de, name_fr: t.name_fr });

export const toShow = (s: CameraShowRow): CameraShow => ({ id: s.id, starts_at: unix(s.starts_at), ends_at: unix(s.ends_at) });

export function stateOf(row: CameraRow, at: Date): CameraSummary['state'] {
  if (row.session_id !== null) return 'live';
  if (row.next_show_at !== null && new Date(row.next_show_at).getTime() <= at.getTime() + CAMERA_SOON_SECONDS * 1000) return 'soon';
  return 'offline';
}

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

export const toAir = (s: Omit<SessionAirRow, 'camera_id'>): ShowAir => ({
  sessionId: s.id,
  ended: s.ended_at !== null,
  onAir: s.ended_at === null && s.grace_until === null,
  offAirSince: dateOrNull(s.off_air_since),
  graceUntil: dateOrNull(s.grace_until),
  offAirSeconds: s.off_air_seconds,
});

export const toInfo = (row: CameraRow): CameraInfo => ({
  id: row.id,
  name: row.name,
  displayName: row.display_name,
  modelId: row.model_id,
  live: row.session_id !== null,
  onAir: row.session_id !== null && row.grace_until === null,
  show: row.session_id === null ? null : toAir({ ...row, id: row.session_id, ended_at: null }),
  liveSince: unixOrNull(row.live_since),
  chatMode: row.chat_mode,
  pricePerMinute: row.chat_mode === 'paid' ? row.price_per_minute : null,
});
