import type { PlaydateSide } from '@velora/shared';
import { PRIVATE_MEDIA_ROOM_BASE } from '../live/media-server';

// Each playdate has two media rooms of its own on the media server (decision record 041): the model's side at
// BASE + 2·id, the member's at BASE + 2·id + 1. Public shows use the model's side only.

/**
 * The media rooms of playdates share the media server's numbering with cameras, far above any camera id: the live
 * module's private rooms (never tapped for LL-HLS or stills).
 */
export const PLAYDATE_MEDIA_ROOM_BASE = PRIVATE_MEDIA_ROOM_BASE;

export function mediaRoomOf(playdateId: number, side: PlaydateSide): number {
  return PLAYDATE_MEDIA_ROOM_BASE + 2 * playdateId + (side === 'member' ? 1 : 0);
}

/** The playdate and side of a media room; null for a camera's room or a number no playdate room has. */
export function playdateOfMediaRoom(room: number): { playdateId: number; side: PlaydateSide } | null {
  if (!Number.isSafeInteger(room) || room < PLAYDATE_MEDIA_ROOM_BASE + 2) return null;
  const offset = room - PLAYDATE_MEDIA_ROOM_BASE;
  const playdateId = Math.floor(offset / 2);
  if (playdateId > 2_147_483_647) return null;
  return { playdateId, side: offset % 2 === 0 ? 'model' : 'member' };
}
