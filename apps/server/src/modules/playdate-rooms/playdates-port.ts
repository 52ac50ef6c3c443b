import type { Playdate, PlaydateKind, PlaydateStatus } from '@velora/shared';
import { PRIVATE_MEDIA_ROOM_BASE } from '../live/media-server';
import type { AuthContext } from '../sessions/sessions.service';

// What the rooms of playdates (this module, tier 9) need from the playdates module (tier 8, decision record 040):
// the playdates service implements this port; the composition root hands it in. Kept here, beside its only user, so
// the rooms never reach into the playdates module's repository.

/** A playdate as the rooms decide access and media by. Times are Dates (UTC). */
export interface PlaydateRecord {
  id: number;
  kind: PlaydateKind;
  status: PlaydateStatus;
  title: string;
  model_id: number;
  /** The model's camera (her chat room's camera), null for a model without one. */
  camera_id: number | null;
  /** Every user account of the model (users.model_id): each may act as her in the room. */
  model_user_ids: number[];
  /** Private: the member; null for public shows. */
  member_id: number | null;
  starts_at: Date | null;
  ends_at: Date | null;
  /** When the model first published into the room, null before. */
  model_joined_at: Date | null;
}

export interface PlaydateStatusChange {
  record: PlaydateRecord;
  previous: PlaydateStatus;
}

export interface PlaydatesPort {
  /** The playdate, whatever its status; null when there is none with this id. */
  record(id: number): Promise<PlaydateRecord | null>;
  /** The playdate as `viewer` sees it (the room's answer carries it). */
  toPlaydate(id: number, viewer: AuthContext): Promise<Playdate>;
  /** The model's side published for the first time in a live playdate: it is not missed. Idempotent. */
  modelPublished(id: number): Promise<void>;
  /**
   * Every status change of any playdate (after its transaction committed), on the instance that made it: live opens
   * the room; finished, missed and cancelled close its media. A listener's failure is logged, never the change's.
   */
  onStatusChanged(listener: (change: PlaydateStatusChange) => void | Promise<void>): () => void;
}

/**
 * The media rooms of playdates share the media server's numbering with cameras, far above any camera id: the live
 * module's private rooms (never tapped for LL-HLS or stills).
 */
export const PLAYDATE_MEDIA_ROOM_BASE = PRIVATE_MEDIA_ROOM_BASE;
