import type { Queryable } from '../db/database';

// Playdates of the demo (decision record 040): the demo model takes private requests at once (10 coins a minute,
// every day around the clock), has a public playdate tomorrow and one that finished yesterday (its room's chat is the
// rooms' seed). Idempotent: nothing is written twice.

export const DEMO_PUBLIC_PLAYDATE_TITLES = { upcoming: 'Evening show: ask me anything', finished: 'Sunday lounge' } as const;

export async function seedDemoPlaydates(db: Queryable, opts: { modelId: number; now: Date }): Promise<void> {
  await db.query(
    `INSERT INTO playdate_settings (model_id, private_enabled, price_per_minute, durations, hours_days, hours_from_minute, hours_to_minute, time_zone, updated_at)
     VALUES ($1, true, 10, '{5,10,15,30}', '{0,1,2,3,4,5,6}', 0, 1440, 'Europe/Berlin', $2) ON CONFLICT (model_id) DO NOTHING`,
    [opts.modelId, opts.now],
  );
  const day = 86_400_000;
  // Tomorrow at 19:00 UTC; yesterday at 19:00 UTC, an hour long.
  const tomorrow = new Date(Math.floor(opts.now.getTime() / day) * day + day + 19 * 3_600_000);
  const yesterday = new Date(tomorrow.getTime() - 2 * day);
  const rows: Array<[string, Date, 'scheduled' | 'finished', number]> = [
    [DEMO_PUBLIC_PLAYDATE_TITLES.upcoming, tomorrow, 'scheduled', 2],
    [DEMO_PUBLIC_PLAYDATE_TITLES.finished, yesterday, 'finished', 5],
  ];
  for (const [title, startsAt, status, variant] of rows) {
    await db.query(
      `INSERT INTO playdates (model_id, kind, title, starts_at, duration_minutes, status, image_variant, started_at, ended_at, created_at, updated_at)
       SELECT $1, 'public', $2, $3, 60, $4, $5, CASE WHEN $4 = 'finished' THEN $3::timestamptz END,
              CASE WHEN $4 = 'finished' THEN $3::timestamptz + interval '60 minutes' END, $6, $6
        WHERE NOT EXISTS (SELECT 1 FROM playdates WHERE model_id = $1 AND kind = 'public' AND title = $2)`,
      [opts.modelId, title, startsAt, status, variant, new Date(opts.now.getTime() - 3 * day)],
    );
  }
}
