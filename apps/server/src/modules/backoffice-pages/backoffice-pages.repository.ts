import type { Language, PageType } from '@velora/shared';
import type { Queryable } from '../../db/database';

// The pages table as the back office reads and writes it: every page, published or not; never the password's hash.

export interface BackofficePageRow {
  id: number;
  path: string;
  type: PageType;
  title: string;
  source: string | null;
  has_password: boolean;
  landing_en: number | null;
  landing_de: number | null;
  published: boolean;
  version: number;
  created_at: Date;
  updated_at: Date;
}

export interface PageWrite {
  path: string;
  type: PageType;
  title: string;
  source: string | null;
  landingEn: number | null;
  landingDe: number | null;
  published: boolean;
  /** undefined keeps the present password, null removes it, a string is the new hash. */
  passwordHash: string | null | undefined;
}

const COLUMNS = `id, path, type, title, source, password_hash IS NOT NULL AS has_password, landing_en, landing_de, published,
  version, created_at, updated_at`;

export const backofficePagesRepository = {
  async list(db: Queryable): Promise<BackofficePageRow[]> {
    return db.query<BackofficePageRow>(`SELECT ${COLUMNS} FROM pages ORDER BY lower(path), id`);
  },

  async byId(db: Queryable, id: number): Promise<BackofficePageRow | null> {
    const rows = await db.query<BackofficePageRow>(`SELECT ${COLUMNS} FROM pages WHERE id = $1`, [id]);
    return rows[0] ?? null;
  },

  /** The id of the page at `path` (any case), other than `exceptId`. */
  async idAtPath(db: Queryable, path: string, exceptId: number | null): Promise<number | null> {
    const rows = await db.query<{ id: number }>('SELECT id FROM pages WHERE lower(path) = lower($1) AND id IS DISTINCT FROM $2', [path, exceptId]);
    return rows[0]?.id ?? null;
  },

  /** A new page; null when another has the path (the unique index decided a race). */
  async insert(db: Queryable, page: PageWrite, now: Date): Promise<BackofficePageRow | null> {
    const rows = await db.query<BackofficePageRow>(
      `INSERT INTO pages (path, type, title, source, password_hash, landing_en, landing_de, published, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
       ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
      [page.path, page.type, page.title, page.source, page.passwordHash ?? null, page.landingEn, page.landingDe, page.published, now],
    );
    return rows[0] ?? null;
  },

  /** Saves over page `id` if it is still at `version`; null when it is not (or is gone). */
  async update(db: Queryable, id: number, version: number, page: PageWrite, now: Date): Promise<BackofficePageRow | null> {
    const rows = await db.query<BackofficePageRow>(
      `UPDATE pages
          SET path = $3, type = $4, title = $5, source = $6, landing_en = $7, landing_de = $8, published = $9,
              password_hash = CASE WHEN $10 THEN $11 ELSE password_hash END,
              updated_at = $12, version = version + 1
        WHERE id = $1 AND version = $2
        RETURNING ${COLUMNS}`,
      [id, version, page.path, page.type, page.title, page.source, page.landingEn, page.landingDe, page.published, page.passwordHash !== undefined, page.passwordHash ?? null, now],
    );
    return rows[0] ?? null;
  },

  async setPublished(db: Queryable, id: number, published: boolean, now: Date): Promise<BackofficePageRow | null> {
    const rows = await db.query<BackofficePageRow>(
      `UPDATE pages SET published = $2, updated_at = $3, version = version + 1 WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, published, now],
    );
    return rows[0] ?? null;
  },

  async delete(db: Queryable, id: number): Promise<boolean> {
    const rows = await db.query<{ id: number }>('DELETE FROM pages WHERE id = $1 RETURNING id', [id]);
    return rows.length > 0;
  },

  /** Every landing: id, its languages, and the title of its default language (else English, else any). */
  async landings(db: Queryable): Promise<Array<{ id: number; title: string; languages: Language[] }>> {
    const rows = await db.query<{ id: number; language: Language; title: string; is_default: boolean }>(
      `SELECT id, language, title, is_default FROM landings ORDER BY id, is_default DESC, (language = 'en') DESC, language`,
    );
    const byId = new Map<number, { id: number; title: string; languages: Language[] }>();
    for (const row of rows) {
      const landing = byId.get(row.id);
      if (landing) landing.languages.push(row.language);
      else byId.set(row.id, { id: row.id, title: row.title, languages: [row.language] });
    }
    return [...byId.values()].map((landing) => ({ ...landing, languages: [...landing.languages].sort() }));
  },

  async landingExists(db: Queryable, id: number): Promise<boolean> {
    return (await db.query('SELECT 1 FROM landings WHERE id = $1 LIMIT 1', [id])).length > 0;
  },
};
