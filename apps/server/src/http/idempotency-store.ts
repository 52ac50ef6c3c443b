import type { Queryable } from '../db/database';

// The first answers of calls made with an Idempotency-Key (table idempotency_keys). SQL only.

export interface IdempotencyScope {
  userId: number;
  /** The endpoint's method and path pattern: a key is one user's on one endpoint. */
  endpoint: string;
  key: string;
}

export interface StoredIdempotentCall {
  requestHash: string;
  /** Null while the first call is still running. */
  status: number | null;
  body: string | null;
  createdAt: Date;
}

export const idempotencyStore = {
  /**
   * Claims the key for a call about to run; false when a live claim or answer holds it already. An expired row (or a
   * claim abandoned before `staleBefore`, its process gone) gives way in the same statement.
   */
  async claim(db: Queryable, scope: IdempotencyScope, requestHash: string, now: Date, expiresAt: Date, staleBefore: Date): Promise<boolean> {
    await db.query(
      `DELETE FROM idempotency_keys
        WHERE user_id = $1 AND endpoint = $2 AND key = $3 AND (expires_at <= $4 OR (status IS NULL AND created_at < $5))`,
      [scope.userId, scope.endpoint, scope.key, now, staleBefore],
    );
    const rows = await db.query(
      `INSERT INTO idempotency_keys (user_id, endpoint, key, request_hash, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id, endpoint, key) DO NOTHING
       RETURNING key`,
      [scope.userId, scope.endpoint, scope.key, requestHash, now, expiresAt],
    );
    return rows.length > 0;
  },

  async find(db: Queryable, scope: IdempotencyScope, now: Date): Promise<StoredIdempotentCall | null> {
    const rows = await db.query<{ request_hash: string; status: number | null; body: string | null; created_at: Date }>(
      `SELECT request_hash, status, body, created_at FROM idempotency_keys
        WHERE user_id = $1 AND endpoint = $2 AND key = $3 AND expires_at > $4`,
      [scope.userId, scope.endpoint, scope.key, now],
    );
    const row = rows[0];
    return row ? { requestHash: row.request_hash, status: row.status, body: row.body, createdAt: new Date(row.created_at) } : null;
  },

  async complete(db: Queryable, scope: IdempotencyScope, status: number, body: string) {
    await db.query('UPDATE idempotency_keys SET status = $4, body = $5 WHERE user_id = $1 AND endpoint = $2 AND key = $3', [
      scope.userId, scope.endpoint, scope.key, status, body,
    ]);
  },

  async release(db: Queryable, scope: IdempotencyScope) {
    await db.query('DELETE FROM idempotency_keys WHERE user_id = $1 AND endpoint = $2 AND key = $3 AND status IS NULL', [
      scope.userId, scope.endpoint, scope.key,
    ]);
  },

  /** Drops every expired key, whoever's (the hourly sweep: members who never come back leave none behind). */
  async sweepExpired(db: Queryable, now: Date): Promise<number> {
    const dropped = await db.query('DELETE FROM idempotency_keys WHERE expires_at <= $1 RETURNING 1', [now]);
    return dropped.length;
  },

  /** Drops a user's expired keys (done on their next claim, so the table holds about a day of keys per member). */
  async dropExpired(db: Queryable, userId: number, now: Date) {
    await db.query('DELETE FROM idempotency_keys WHERE user_id = $1 AND expires_at <= $2', [userId, now]);
  },
};
