import type { PlaydateStatus } from '@velora/shared';
import type { Queryable } from '../../db/database';
import { PLAYDATE_COLUMNS, fixPlaydateRow, type PlaydateRow } from './playdates.repository';

// SQL of the status changes of playdates (decision record 040). Every change is one conditional UPDATE … WHERE
// status = … RETURNING, so two instances, a repeated job and the sweep perform a step once: whoever's UPDATE returns
// the row does the rest (the money) in the same transaction.

interface StepSql {
  from: readonly PlaydateStatus[];
  to: PlaydateStatus;
  /** More assignments: $1 is the id, $2 now, $4… the step's parameters. */
  set?: string;
  /** What else must hold, over the same parameters. */
  where?: string;
}

/** The parameters ($4, $5, …) each step takes besides the id and now. */
export interface PlaydateStepParams {
  /** She accepts a request, for its start. */
  accept: [startsAt: Date];
  decline: [reason: string | null];
  /** She cancels a request or a scheduled playdate. */
  cancelByModel: [];
  /** He withdraws a request, or cancels a scheduled playdate before it starts. */
  cancelByMember: [];
  /** She ends her public show: its minutes are the ones it ran. */
  endPublic: [];
  /** A finished private playdate runs again within the extension window: for `minutes` in all, `coins` more. */
  extend: [windowSeconds: number, minutes: number, coins: number];
  expire: [];
  start: [];
  /** The model never came: by the grace's end, or by the end of a playdate shorter than the grace. */
  missed: [graceMinutes: number];
  finish: [];
}
export type PlaydateStep = keyof PlaydateStepParams;

const STEPS: { readonly [K in PlaydateStep]: StepSql } = {
  accept: { from: ['requested'], to: 'scheduled', set: 'starts_at = $4' },
  decline: { from: ['requested'], to: 'declined', set: 'decline_reason = $4' },
  cancelByModel: { from: ['requested', 'scheduled'], to: 'cancelled' },
  cancelByMember: { from: ['requested', 'scheduled'], to: 'cancelled', where: `p.status = 'requested' OR p.starts_at > $2` },
  endPublic: { from: ['live'], to: 'finished', set: 'ended_at = $2, duration_minutes = GREATEST(1, CEIL(EXTRACT(EPOCH FROM ($2 - p.starts_at)) / 60)::int)' },
  extend: {
    from: ['finished'],
    to: 'live',
    set: 'ended_at = NULL, duration_minutes = $5, extensions = p.extensions + 1, coins = p.coins + $6',
    where: `p.ended_at + make_interval(secs => $4::int) >= $2`,
  },
  expire: { from: ['requested'], to: 'expired', where: 'p.expires_at <= $2' },
  start: { from: ['scheduled'], to: 'live', set: 'started_at = $2', where: 'p.starts_at <= $2' },
  missed: {
    from: ['live'],
    to: 'missed',
    set: 'ended_at = $2',
    where: `p.kind = 'private' AND p.model_joined_at IS NULL AND (p.started_at + make_interval(mins => $4::int) <= $2 OR p.starts_at + make_interval(mins => p.duration_minutes) <= $2)`,
  },
  finish: { from: ['live'], to: 'finished', set: 'ended_at = $2', where: 'p.starts_at + make_interval(mins => p.duration_minutes) <= $2' },
};

export const playdateStepsRepository = {
  /** The statuses a step may leave. */
  from: (step: PlaydateStep): readonly PlaydateStatus[] => STEPS[step].from,

  /** The one way a status changes: the step's UPDATE, only from its statuses; null when the row was not in one. */
  async step<K extends PlaydateStep>(tx: Queryable, id: number, step: K, at: Date, params: PlaydateStepParams[K]): Promise<PlaydateRow | null> {
    const { from, to, set, where } = STEPS[step];
    const rows = await tx.query<PlaydateRow>(
      `UPDATE playdates p SET status = '${to}', updated_at = $2${set ? `, ${set}` : ''}
        WHERE p.id = $1 AND p.status = ANY($3::text[])${where ? ` AND (${where})` : ''}
        RETURNING ${PLAYDATE_COLUMNS}`,
      [id, at, [...from], ...params],
    );
    return rows[0] ? fixPlaydateRow(rows[0]) : null;
  },

  // ---- What is due (the sweep) ----

  async dueIds(db: Queryable, at: Date, graceMinutes: number, reminderMinutes: number): Promise<{ expire: number[]; start: number[]; missed: number[]; end: number[]; remind: number[] }> {
    const ids = async (sql: string, params: unknown[]) => (await db.query<{ id: number }>(sql, params)).map((r) => Number(r.id));
    const [expire, start, missed, end, remind] = await Promise.all([
      ids(`SELECT id FROM playdates WHERE status = 'requested' AND expires_at <= $1 ORDER BY id LIMIT 500`, [at]),
      ids(`SELECT id FROM playdates WHERE status = 'scheduled' AND starts_at <= $1 ORDER BY id LIMIT 500`, [at]),
      ids(
        `SELECT id FROM playdates WHERE status = 'live' AND kind = 'private' AND model_joined_at IS NULL
            AND started_at + make_interval(mins => $2::int) <= $1 ORDER BY id LIMIT 500`,
        [at, graceMinutes],
      ),
      ids(`SELECT id FROM playdates WHERE status = 'live' AND starts_at + make_interval(mins => duration_minutes) <= $1 ORDER BY id LIMIT 500`, [at]),
      ids(
        `SELECT DISTINCT p.id FROM playdates p JOIN playdate_reminders r ON r.playdate_id = p.id
          WHERE p.status IN ('scheduled', 'live') AND r.reminded_at IS NULL AND p.starts_at - make_interval(mins => $2::int) <= $1
            AND p.starts_at + make_interval(mins => p.duration_minutes) > $1 ORDER BY p.id LIMIT 500`,
        [at, reminderMinutes],
      ),
    ]);
    return { expire, start, missed, end, remind };
  },
};
