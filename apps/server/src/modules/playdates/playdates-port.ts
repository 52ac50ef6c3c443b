import type { Playdate, PlaydateKind, PlaydateStatus } from '@velora/shared';
import type { AuthContext } from '../sessions/sessions.service';

// What the rooms of playdates (playdate-rooms, tier 9) need from this module (tier 8, decision records 040 and 041).
// Declared here, below its user, so the playdates service is checked against it where it is built
// (playdates.service.ts); the composition root hands the service to the rooms as this port, and the rooms never reach
// into this module's repositories.

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
