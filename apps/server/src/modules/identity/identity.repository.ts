import type { Queryable } from '../../db/database';

export const identityRepository = {
  async findUserId(db: Queryable, provider: string, subject: string): Promise<number | null> {
    const rows = await db.query<{ user_id: number }>('SELECT user_id FROM user_identities WHERE provider = $1 AND subject = $2', [provider, subject]);
    return rows[0]?.user_id ?? null;
  },

  async link(db: Queryable, l: { provider: string; subject: string; userId: number; email: string; at: Date }) {
    await db.query(
      `INSERT INTO user_identities (provider, subject, user_id, email, created_at, last_login_at) VALUES ($1, $2, $3, $4, $5, $5)`,
      [l.provider, l.subject, l.userId, l.email, l.at],
    );
  },

  async touch(db: Queryable, provider: string, subject: string, email: string, at: Date) {
    await db.query('UPDATE user_identities SET last_login_at = $4, email = $3 WHERE provider = $1 AND subject = $2', [provider, subject, email, at]);
  },
};
