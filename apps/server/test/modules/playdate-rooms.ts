import type { PlaydateKind, PlaydateStatus } from '@velora/shared';
import type { Queryable } from '../../src/db/database';
import type { TestApp } from '../test-app';
import type { PlaydateStatusChange } from '../../src/modules/playdates/playdates-port';

// The rooms' tests make playdates with plain SQL (migrations 0008 + 0015) and move their status the way the playdates
// module does: the row changes, then the rooms hear the change (statusChanged, as onStatusChanged delivers it). The
// rooms read them through the real playdates service (the port).

export interface NewPlaydate {
  modelId: number;
  kind?: PlaydateKind;
  memberId?: number | null;
  status?: PlaydateStatus;
  startsAt: Date;
  durationMinutes?: number;
  endedAt?: Date | null;
  title?: string;
}

export async function insertPlaydate(db: Queryable, p: NewPlaydate): Promise<number> {
  const kind = p.kind ?? 'private';
  const rows = await db.query<{ id: number }>(
    `INSERT INTO playdates (model_id, kind, member_id, title, starts_at, duration_minutes, status, price_per_minute, coins, ended_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $5) RETURNING id`,
    [
      p.modelId,
      kind,
      kind === 'private' ? (p.memberId ?? null) : null,
      p.title ?? 'Test playdate',
      p.startsAt,
      p.durationMinutes ?? 30,
      p.status ?? 'scheduled',
      kind === 'private' ? 10 : null,
      kind === 'private' ? 10 * (p.durationMinutes ?? 30) : 0,
      p.endedAt ?? null,
    ],
  );
  return rows[0]!.id;
}

/** Moves a playdate to `status` (and its times, if given) and tells the rooms, as the playdates module does. */
export async function changeStatus(t: TestApp, id: number, status: PlaydateStatus, times: { startsAt?: Date; durationMinutes?: number } = {}): Promise<PlaydateStatusChange> {
  const [before] = await t.deps.db.query<{ status: PlaydateStatus }>('SELECT status FROM playdates WHERE id = $1', [id]);
  await t.deps.db.query(
    `UPDATE playdates SET status = $2, starts_at = coalesce($3, starts_at), duration_minutes = coalesce($4, duration_minutes),
            ended_at = CASE WHEN $2 = 'finished' THEN $5 ELSE ended_at END
      WHERE id = $1`,
    [id, status, times.startsAt ?? null, times.durationMinutes ?? null, t.deps.now()],
  );
  const record = (await t.services.playdateRooms.recordOf(id))!;
  const change = { record, previous: before!.status };
  await t.services.playdateRooms.statusChanged(change);
  return change;
}
