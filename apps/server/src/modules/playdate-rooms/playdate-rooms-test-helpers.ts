import { Playdate, type PlaydateKind, type PlaydateStatus } from '@velora/shared';
import type { Queryable } from '../../db/database';
import type { TestApp } from '../../../test/test-app';
import type { PlaydateRecord, PlaydatesPort, PlaydateStatusChange } from './playdates-port';

// The rooms' tests make playdates with plain SQL (migrations 0008 + 0015) and move their status the way the playdates
// module does: the row changes, then the rooms hear the change (statusChanged, as onStatusChanged delivers it).
// Until the playdates module is merged in, a small port over the same rows stands in for it.

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

interface Row {
  id: number;
  kind: PlaydateKind;
  status: PlaydateStatus;
  title: string;
  model_id: number;
  member_id: number | null;
  starts_at: Date | string | null;
  duration_minutes: number;
  model_joined_at: Date | string | null;
  created_at: Date | string;
  model_name: string;
  camera_id: number | null;
  camera_name: string | null;
  model_user_ids: number[] | null;
}

async function rowOf(db: Queryable, id: number): Promise<Row | null> {
  const rows = await db.query<Row>(
    `SELECT p.id, p.kind, p.status, p.title, p.model_id, p.member_id, p.starts_at, p.duration_minutes, p.model_joined_at, p.created_at,
            m.name_en AS model_name, c.id AS camera_id, c.name AS camera_name,
            (SELECT array_agg(u.id ORDER BY u.id) FROM users u WHERE u.model_id = p.model_id) AS model_user_ids
       FROM playdates p JOIN models m ON m.id = p.model_id LEFT JOIN cameras c ON c.model_id = p.model_id
      WHERE p.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

const toRecord = (row: Row): PlaydateRecord => {
  const startsAt = row.starts_at === null ? null : new Date(row.starts_at);
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    title: row.title,
    model_id: row.model_id,
    camera_id: row.camera_id,
    model_user_ids: row.model_user_ids ?? [],
    member_id: row.member_id,
    starts_at: startsAt,
    ends_at: startsAt && new Date(startsAt.getTime() + row.duration_minutes * 60_000),
    model_joined_at: row.model_joined_at === null ? null : new Date(row.model_joined_at),
  };
};

/** A port over the rows, as much of the playdates module as the rooms read. */
export function createStandInPlaydates(getDb: () => Queryable): PlaydatesPort & { published: number[] } {
  const published: number[] = [];
  return {
    published,
    async record(id) {
      const row = await rowOf(getDb(), id);
      return row && toRecord(row);
    },
    async toPlaydate(id) {
      const row = await rowOf(getDb(), id);
      if (!row) throw new Error(`No playdate ${id}`);
      const r = toRecord(row);
      const unix = (d: Date | null) => (d === null ? null : Math.floor(d.getTime() / 1000));
      return Playdate.parse({
        id: r.id,
        kind: r.kind,
        status: r.status,
        title: r.title,
        model: { id: r.model_id, name: row.model_name, avatar: '/avatar.jpg', camera_id: r.camera_id, camera_name: row.camera_name, user_id: r.model_user_ids[0] ?? null },
        member: r.member_id === null ? null : { id: r.member_id, name: 'member', avatar: '/member.jpg' },
        starts_at: unix(r.starts_at),
        ends_at: unix(r.ends_at),
        duration_minutes: row.duration_minutes,
        price_per_minute: null,
        coins: 0,
        expires_at: null,
        message: null,
        extensions: 0,
        image: `/playdate-${r.id}.jpg`,
        image_small: `/playdate-${r.id}-small.jpg`,
        reminder: false,
        replay_path: null,
        extendable_until: null,
        created_at: unix(new Date(row.created_at)),
      });
    },
    async modelPublished(id) {
      published.push(id);
      await getDb().query("UPDATE playdates SET model_joined_at = coalesce(model_joined_at, now()) WHERE id = $1 AND status = 'live'", [id]);
    },
    onStatusChanged: () => () => {},
  };
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
