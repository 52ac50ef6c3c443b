import type { RoleToken, TeamKind } from '@velora/shared';
import { hashPassword } from '../lib/password';
import type { Queryable } from '../db/database';

export const DEMO_PASSWORD = 'demo-password';
export const DEMO_EMAIL_DOMAIN = 'demo.velora.test';
/**
 * The authenticator secret (Base32) of every demo account that works on the site, published as the password is
 * (README "Demo accounts"): add it to an authenticator app, or compute its codes (e2e/support/second-factor.ts).
 */
export const DEMO_TOTP_SECRET = 'VELORADEMOTWOFACTORSECRETKEY2345';

interface DemoAccount {
  username: string;
  premiumUntil?: Date;
  modelId?: number;
  role?: RoleToken;
  isTeamMember?: boolean;
  teamKinds?: TeamKind[];
}

/** Sets up an authenticator app, confirmed (the second-factor service's `enroll`). */
export type EnrollSecondFactor = (userId: number, secret: string, tx: Queryable) => Promise<void>;

/**
 * One demo account per kind of person the site knows (product §6), all with the password `demo-password`; `admin` is a
 * team admin, and the model, writer, retagger and admin have an authenticator app with DEMO_TOTP_SECRET.
 * Safe to run again: accounts that exist are left as they are.
 */
export async function seedDemoAccounts(db: Queryable, opts: { modelId: number; now: Date; enrollSecondFactor: EnrollSecondFactor }): Promise<void> {
  const oneYearLater = new Date(opts.now);
  oneYearLater.setUTCFullYear(oneYearLater.getUTCFullYear() + 1);
  const accounts: DemoAccount[] = [
    { username: 'member' },
    { username: 'premium', premiumUntil: oneYearLater },
    { username: 'model', modelId: opts.modelId },
    { username: 'writer', role: 'writer' },
    { username: 'retagger', role: 'retagger' },
    { username: 'admin', isTeamMember: true, teamKinds: ['admin'] },
  ];
  // One hash per account, each with its own salt, as for any user: a shared hash would show in a leaked table which
  // accounts share a password (about 40 ms each; hashed side by side off the main thread).
  const hashes = await Promise.all(accounts.map(() => hashPassword(DEMO_PASSWORD)));
  for (const [i, a] of accounts.entries()) {
    const passwordHash = hashes[i]!;
    const rows = await db.query<{ id: number }>(
      `INSERT INTO users (username, email, password_hash, language, premium_until, model_id, is_team_member, team_kinds, email_verified_at, created_at)
       VALUES ($1, $2, $3, 'en', $4, $5, $6, $7, $8, $8)
       ON CONFLICT DO NOTHING
       RETURNING id`,
      [a.username, `${a.username}@${DEMO_EMAIL_DOMAIN}`, passwordHash, a.premiumUntil ?? null, a.modelId ?? null, a.isTeamMember ?? false, a.teamKinds ?? [], opts.now],
    );
    const id = rows[0]?.id;
    if (id === undefined) continue;
    if (a.role) await db.query('INSERT INTO user_roles (user_id, role) VALUES ($1, $2) ON CONFLICT DO NOTHING', [id, a.role]);
    // Those who work on the site sign in with a second factor (decision record 070): theirs is the published secret.
    if (a.modelId !== undefined || a.role === 'writer' || a.role === 'retagger' || a.isTeamMember) await opts.enrollSecondFactor(id, DEMO_TOTP_SECRET, db);
  }
}
