import type { Language } from '@velora/shared';
import type { Queryable } from '../../db/database';

// Meta set by hand per path (migration 0027, decision record 076): one row per path, a column per field and language.

export interface PathMetaRow {
  id: number;
  path: string;
  robots: string | null;
  title_en: string;
  title_de: string;
  title_fr: string;
  description_en: string;
  description_de: string;
  description_fr: string;
  keywords_en: string;
  keywords_de: string;
  keywords_fr: string;
  version: number;
  updated_at: Date;
}

export interface PathMetaFields {
  robots: string | null;
  texts: Record<Language, { title: string; description: string; keywords: string }>;
}

const COLUMNS = `id, path, robots, title_en, title_de, title_fr, description_en, description_de, description_fr,
  keywords_en, keywords_de, keywords_fr, version, updated_at`;

const values = (f: PathMetaFields) => [
  f.robots,
  f.texts.en.title,
  f.texts.de.title,
  f.texts.fr.title,
  f.texts.en.description,
  f.texts.de.description,
  f.texts.fr.description,
  f.texts.en.keywords,
  f.texts.de.keywords,
  f.texts.fr.keywords,
];

export const pathMetaRepository = {
  /** The meta of `path`; paths compare without regard to case. */
  async byPath(db: Queryable, path: string): Promise<PathMetaRow | null> {
    const rows = await db.query<PathMetaRow>(`SELECT ${COLUMNS} FROM path_meta WHERE lower(path) = lower($1)`, [path]);
    return rows[0] ?? null;
  },

  async byId(db: Queryable, id: number): Promise<PathMetaRow | null> {
    const rows = await db.query<PathMetaRow>(`SELECT ${COLUMNS} FROM path_meta WHERE id = $1`, [id]);
    return rows[0] ?? null;
  },

  async list(db: Queryable): Promise<PathMetaRow[]> {
    return db.query<PathMetaRow>(`SELECT ${COLUMNS} FROM path_meta ORDER BY lower(path), id`);
  },

  /** A new row; null when the path has one already (a race lost to another admin). */
  async insert(db: Queryable, path: string, fields: PathMetaFields, now: Date): Promise<PathMetaRow | null> {
    const rows = await db.query<PathMetaRow>(
      `INSERT INTO path_meta (path, robots, title_en, title_de, title_fr, description_en, description_de, description_fr,
                              keywords_en, keywords_de, keywords_fr, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
       ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
      [path, ...values(fields), now],
    );
    return rows[0] ?? null;
  },

  /** Saves over the row of `path` if it is still at `version`; null when it is not (or is gone). */
  async update(db: Queryable, path: string, version: number, fields: PathMetaFields, now: Date): Promise<PathMetaRow | null> {
    const rows = await db.query<PathMetaRow>(
      `UPDATE path_meta
          SET path = $1, robots = $2, title_en = $3, title_de = $4, title_fr = $5, description_en = $6, description_de = $7,
              description_fr = $8, keywords_en = $9, keywords_de = $10, keywords_fr = $11, updated_at = $12, version = version + 1
        WHERE lower(path) = lower($1) AND version = $13
        RETURNING ${COLUMNS}`,
      [path, ...values(fields), now, version],
    );
    return rows[0] ?? null;
  },

  async delete(db: Queryable, id: number): Promise<PathMetaRow | null> {
    const rows = await db.query<PathMetaRow>(`DELETE FROM path_meta WHERE id = $1 RETURNING ${COLUMNS}`, [id]);
    return rows[0] ?? null;
  },
};
