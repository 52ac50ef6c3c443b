import { isLoopbackUrl, type Config } from '../config';
import type { Queryable } from '../db/database';
import { verifyPassword } from '../lib/password';
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD } from './seed-accounts';

/**
 * Why the server must not start: demo accounts that still have the published password, on a PUBLIC_URL others may
 * reach, without SEED_DEMO=always (decision 029). The config refuses to seed them there; this catches those seeded
 * by an earlier start on localhost. Null when it may start.
 */
export async function demoAccountRefusal(db: Queryable, config: Pick<Config, 'publicUrl' | 'seedDemo'>): Promise<string | null> {
  if (isLoopbackUrl(config.publicUrl) || config.seedDemo === 'always') return null;
  const rows = await db.query<{ username: string; password_hash: string | null }>(
    'SELECT username, password_hash FROM users WHERE email LIKE $1 ORDER BY id',
    [`%@${DEMO_EMAIL_DOMAIN}`],
  );
  const open: string[] = [];
  for (const row of rows) if (row.password_hash && (await verifyPassword(row.password_hash, DEMO_PASSWORD))) open.push(row.username);
  if (open.length === 0) return null;
  return (
    `Refusing to start: demo accounts with the published password ${DEMO_PASSWORD} (${open.join(', ')}) exist and PUBLIC_URL ` +
    `${config.publicUrl} is not a loopback address: delete them or change their passwords, or set SEED_DEMO=always to keep them`
  );
}
