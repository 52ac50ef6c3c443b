import type { FavouriteKind } from '@velora/shared';
import type { Queryable } from '../../db/database';

export interface FavouriteRow {
  target_id: number;
  created_at: Date;
}

/** Every kind's targets exist as rows of a table. */
export type StoredKind = FavouriteKind;

const TARGET_TABLE: Record<StoredKind, string> = {
  model: 'models',
  shoot: 'shoots',
  video: 'videos',
  image: 'shoot_images',
  camera: 'cameras',
};

// favourites has no foreign key to its targets (one table, several kinds): only favourites whose target still
// exists are counted and listed, so a page is never short of what `total` promised.
const liveTarget = (kind: StoredKind) => `EXISTS (SELECT 1 FROM ${TARGET_TABLE[kind]} t WHERE t.id = f.target_id)`;

export const favouritesRepository = {
  async targetExists(db: Queryable, kind: StoredKind, id: number): Promise<boolean> {
    const rows = await db.query<{ found: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${TARGET_TABLE[kind]} WHERE id = $1) AS found`, [id]);
    return rows[0]?.found ?? false;
  },

  /** Idempotent: favouriting twice keeps the first time. */
  async add(db: Queryable, userId: number, kind: FavouriteKind, targetId: number): Promise<void> {
    await db.query('INSERT INTO favourites (user_id, kind, target_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [userId, kind, targetId]);
  },

  async remove(db: Queryable, userId: number, kind: FavouriteKind, targetId: number): Promise<void> {
    await db.query('DELETE FROM favourites WHERE user_id = $1 AND kind = $2 AND target_id = $3', [userId, kind, targetId]);
  },

  async count(db: Queryable, userId: number, kind: StoredKind): Promise<number> {
    const rows = await db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM favourites f WHERE f.user_id = $1 AND f.kind = $2 AND ${liveTarget(kind)}`,
      [userId, kind],
    );
    return rows[0]?.total ?? 0;
  },

  /** Most recent first; `limit` null for all of them. */
  page(db: Queryable, userId: number, kind: StoredKind, limit: number | null, offset = 0): Promise<FavouriteRow[]> {
    return db.query<FavouriteRow>(
      `SELECT f.target_id, f.created_at FROM favourites f
        WHERE f.user_id = $1 AND f.kind = $2 AND ${liveTarget(kind)}
        ORDER BY f.created_at DESC, f.seq DESC
        LIMIT $3 OFFSET $4`,
      [userId, kind, limit, offset],
    );
  },

  /** Up to `limit` of the user's favourite ids of a kind, in no particular order. */
  async someIds(db: Queryable, userId: number, kind: FavouriteKind, limit: number): Promise<number[]> {
    const rows = await db.query<{ target_id: number }>('SELECT target_id FROM favourites WHERE user_id = $1 AND kind = $2 LIMIT $3', [userId, kind, limit]);
    return rows.map((r) => r.target_id);
  },

  async among(db: Queryable, userId: number, kind: FavouriteKind, ids: number[]): Promise<number[]> {
    const rows = await db.query<{ target_id: number }>(
      'SELECT target_id FROM favourites WHERE user_id = $1 AND kind = $2 AND target_id = ANY($3::int[])',
      [userId, kind, ids],
    );
    return rows.map((r) => r.target_id);
  },
};
