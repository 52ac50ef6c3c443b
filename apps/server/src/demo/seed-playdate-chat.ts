import type { Queryable } from '../db/database';
import { DEMO_PUBLIC_PLAYDATE_TITLES } from './seed-playdates';

// The chat of the demo's finished public playdate (decision record 041), so its replay page has something to show.
// Members are demo names without accounts (author_user_id null); the model's lines are her account's. Idempotent:
// a room with any message is left alone.

const LINES: Array<[role: 'member' | 'model' | 'system', name: string, text: string, systemKey?: string]> = [
  ['system', '', 'The playdate has started', 'started'],
  ['model', '', 'Hi everyone, welcome to the Sunday lounge!'],
  ['member', 'Lena', 'Hello! Lovely light in your room today'],
  ['member', 'Marco', 'Greetings from Milan'],
  ['model', '', 'Thank you! Ask me anything about the new series'],
  ['member', 'Sophie', 'Where was the beach shoot?'],
  ['model', '', 'On the Atlantic coast, early in the morning'],
  ['system', '', 'The playdate ends in 2 minutes', 'ending_soon'],
  ['member', 'Lena', 'Thanks for the show, see you next week'],
  ['system', '', 'The playdate has ended', 'ended'],
];

export async function seedDemoPlaydateChat(db: Queryable, opts: { modelId: number }): Promise<void> {
  const [playdate] = await db.query<{ id: number; starts_at: Date | string; model_name: string; model_user_id: number | null }>(
    `SELECT p.id, p.starts_at, m.name_en AS model_name, (SELECT min(u.id) FROM users u WHERE u.model_id = p.model_id) AS model_user_id
       FROM playdates p JOIN models m ON m.id = p.model_id
      WHERE p.model_id = $1 AND p.kind = 'public' AND p.status = 'finished' AND p.title = $2`,
    [opts.modelId, DEMO_PUBLIC_PLAYDATE_TITLES.finished],
  );
  if (!playdate) return;
  const [existing] = await db.query('SELECT 1 FROM playdate_messages WHERE playdate_id = $1 LIMIT 1', [playdate.id]);
  if (existing) return;
  const start = new Date(playdate.starts_at).getTime();
  const endsAt = Math.floor(start / 1000) + 60 * 60;
  for (const [index, [role, name, text, systemKey]] of LINES.entries()) {
    // Spread over the hour; the last line at its end.
    const at = new Date(start + Math.round((index / (LINES.length - 1)) * 60 * 60_000));
    const params = systemKey === 'ended' ? { status: 'finished' } : systemKey ? { ends_at: endsAt } : null;
    await db.query(
      `INSERT INTO playdate_messages (playdate_id, author_user_id, author_name, author_role, text, system_key, system_params, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)`,
      [
        playdate.id,
        role === 'model' ? playdate.model_user_id : null,
        role === 'model' ? playdate.model_name : name,
        role,
        text,
        systemKey ?? null,
        params ? JSON.stringify(params) : null,
        at,
      ],
    );
  }
}
