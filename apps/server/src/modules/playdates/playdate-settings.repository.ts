import { DEFAULT_PLAYDATE_LIMITS, PlaydateLimits } from '@velora/shared';
import type { Queryable } from '../../db/database';

// SQL of a model's private playdate offer, the team's limits on every offer, and what she earned by playdates
// (decision record 040).

export interface SettingsRow {
  model_id: number;
  private_enabled: boolean;
  price_per_minute: number;
  durations: number[];
  hours_days: number[];
  hours_from_minute: number;
  hours_to_minute: number;
  time_zone: string;
}

/** A model taking requests, with her camera and whether it is live. */
export type OfferingRow = SettingsRow & { camera_id: number; camera_name: string; model_name: string; live: boolean };

export const playdateSettingsRepository = {
  async settings(db: Queryable, modelId: number): Promise<SettingsRow | null> {
    const rows = await db.query<SettingsRow>('SELECT * FROM playdate_settings WHERE model_id = $1', [modelId]);
    return rows[0] ?? null;
  },

  async saveSettings(db: Queryable, s: SettingsRow, at: Date): Promise<void> {
    await db.query(
      `INSERT INTO playdate_settings (model_id, private_enabled, price_per_minute, durations, hours_days, hours_from_minute, hours_to_minute, time_zone, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (model_id) DO UPDATE SET private_enabled = EXCLUDED.private_enabled, price_per_minute = EXCLUDED.price_per_minute,
         durations = EXCLUDED.durations, hours_days = EXCLUDED.hours_days, hours_from_minute = EXCLUDED.hours_from_minute,
         hours_to_minute = EXCLUDED.hours_to_minute, time_zone = EXCLUDED.time_zone, updated_at = EXCLUDED.updated_at`,
      [s.model_id, s.private_enabled, s.price_per_minute, s.durations, s.hours_days, s.hours_from_minute, s.hours_to_minute, s.time_zone, at],
    );
  },

  /** Models taking requests (private_enabled, with a camera), live ones first. */
  async offering(db: Queryable, limit: number, offset: number): Promise<{ total: number; rows: OfferingRow[] }> {
    const from = `FROM playdate_settings s JOIN cameras c ON c.model_id = s.model_id JOIN models m ON m.id = s.model_id WHERE s.private_enabled`;
    const [count] = await db.query<{ total: number }>(`SELECT count(*)::int AS total ${from}`);
    const rows = await db.query<OfferingRow>(
      `SELECT s.*, c.id AS camera_id, c.name AS camera_name, m.name_en AS model_name,
              EXISTS (SELECT 1 FROM camera_sessions cs WHERE cs.camera_id = c.id AND cs.ended_at IS NULL) AS live
         ${from} ORDER BY live DESC, lower(m.name_en), c.id LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
    return { total: count?.total ?? 0, rows };
  },

  async limits(db: Queryable): Promise<PlaydateLimits> {
    const rows = await db.query<{ limits: unknown }>('SELECT limits FROM playdate_limits WHERE id');
    if (!rows[0]) return DEFAULT_PLAYDATE_LIMITS;
    const raw = typeof rows[0].limits === 'string' ? JSON.parse(rows[0].limits) : rows[0].limits;
    const parsed = PlaydateLimits.safeParse(raw);
    return parsed.success ? parsed.data : DEFAULT_PLAYDATE_LIMITS;
  },

  /** Stores the limits and brings every offer inside them (prices clamped, durations outside dropped). */
  async saveLimits(tx: Queryable, limits: PlaydateLimits, at: Date): Promise<void> {
    await tx.query(
      `INSERT INTO playdate_limits (id, limits, updated_at) VALUES (true, $1::jsonb, $2)
       ON CONFLICT (id) DO UPDATE SET limits = EXCLUDED.limits, updated_at = EXCLUDED.updated_at`,
      [JSON.stringify(limits), at],
    );
    await tx.query(
      `UPDATE playdate_settings SET price_per_minute = LEAST(GREATEST(price_per_minute, $1), $2), updated_at = $4,
              durations = COALESCE(NULLIF(ARRAY(SELECT d FROM unnest(durations) d WHERE d = ANY($3::int[]) ORDER BY d), '{}'), ARRAY[$3::int[][1]])`,
      [limits.price_per_minute_min, limits.price_per_minute_max, limits.durations, at],
    );
  },

  async modelEarned(db: Queryable, modelId: number): Promise<number> {
    const rows = await db.query<{ total: number }>(
      `SELECT COALESCE(SUM(e.amount), 0)::bigint AS total FROM ledger_accounts a
         JOIN ledger_entries e ON e.account_id = a.id JOIN ledger_transactions t ON t.id = e.transaction_id
        WHERE a.kind = 'model' AND a.model_id = $1 AND t.kind IN ('private_playdate', 'refund') AND t.idempotency_key LIKE 'playdate:%'`,
      [modelId],
    );
    return Number(rows[0]?.total ?? 0);
  },
};
