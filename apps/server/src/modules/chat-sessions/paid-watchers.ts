import type { Queryable } from '../../db/database';
import { chatSessionsRepository as repo } from './chat-sessions.repository';

// Who may see a paid camera's video (the cameras module's paid-watch gate, decision records 037 and 061): members
// with an open paid session whose current minute is paid.

/**
 * The next minute's charge is a job due at `paid_until` (pg-boss polls every 0.5 s): for this long after it the
 * minute counts as being paid, so video is not cut at every minute's turn. A charge that fails ends the session (17,
 * 88), which cuts the video at once; a charge that does not run at all leaves at most this much unpaid video.
 */
export const PAID_WATCH_CHARGE_SLACK_MS = 10_000;

export async function paidWatchers(db: Queryable, now: Date, cameraId: number, userIds: readonly number[]): Promise<ReadonlySet<number>> {
  if (userIds.length === 0) return new Set();
  return new Set(await repo.paidUntilAfter(db, cameraId, userIds, new Date(now.getTime() - PAID_WATCH_CHARGE_SLACK_MS)));
}
