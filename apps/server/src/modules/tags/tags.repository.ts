import type { Queryable } from '../../db/database';

// SQL of the back office's tags (decision record 071): tags, their names, and the links of videos to them.

export interface TagRow {
  id: number;
  name_en: string;
  name_de: string;
  name_fr: string;
  video_count: number;
}

export interface RetagVideoRow {
  id: number;
  title: string;
  published_at: Date | string;
}

export interface VideoTagLinkRow {
  video_id: number;
  id: number;
  name_en: string;
  name_de: string;
  name_fr: string;
}

export interface RetagFilter {
  search: string | null;
  tagId: number | null;
  untagged: boolean;
}

export type TagLanguageField = 'name_en' | 'name_de' | 'name_fr';

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const TAG_COLUMNS = `t.id, t.name_en, t.name_de, t.name_fr, (SELECT count(*) FROM video_tags vt WHERE vt.tag_id = t.id)::int AS video_count`;

function retagWhere(filter: RetagFilter, params: unknown[]): string {
  const conditions: string[] = [];
  if (filter.search) {
    params.push(likePattern(filter.search));
    conditions.push(`v.title ILIKE $${params.length}`);
  }
  if (filter.tagId !== null) {
    params.push(filter.tagId);
    conditions.push(`EXISTS (SELECT 1 FROM video_tags vt WHERE vt.video_id = v.id AND vt.tag_id = $${params.length}::int)`);
  }
  if (filter.untagged) conditions.push('NOT EXISTS (SELECT 1 FROM video_tags vt WHERE vt.video_id = v.id)');
  return conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
}

export const tagsRepository = {
  /** Tags whose name in any language holds `search`, by English name. */
  list(db: Queryable, search: string | null): Promise<TagRow[]> {
    const params: unknown[] = [];
    let where = '';
    if (search) {
      params.push(likePattern(search));
      where = 'WHERE t.name_en ILIKE $1 OR t.name_de ILIKE $1 OR t.name_fr ILIKE $1';
    }
    return db.query<TagRow>(`SELECT ${TAG_COLUMNS} FROM tags t ${where} ORDER BY lower(t.name_en), t.id`, params);
  },

  async find(db: Queryable, id: number, lock = false): Promise<TagRow | null> {
    const rows = await db.query<TagRow>(`SELECT ${TAG_COLUMNS} FROM tags t WHERE t.id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
    return rows[0] ?? null;
  },

  /** For each language, another tag (not `exceptId`) that already has the name, any case. */
  async namesTaken(db: Queryable, names: Record<TagLanguageField, string>, exceptId: number | null): Promise<Partial<Record<TagLanguageField, string>>> {
    const rows = await db.query<{ field: TagLanguageField; name: string }>(
      `SELECT 'name_en' AS field, name_en AS name FROM tags WHERE lower(name_en) = lower($1) AND id IS DISTINCT FROM $4::int
       UNION ALL SELECT 'name_de', name_de FROM tags WHERE lower(name_de) = lower($2) AND id IS DISTINCT FROM $4::int
       UNION ALL SELECT 'name_fr', name_fr FROM tags WHERE lower(name_fr) = lower($3) AND id IS DISTINCT FROM $4::int`,
      [names.name_en, names.name_de, names.name_fr, exceptId],
    );
    return Object.fromEntries(rows.map((row) => [row.field, row.name]));
  },

  async insert(db: Queryable, names: Record<TagLanguageField, string>): Promise<number> {
    const rows = await db.query<{ id: number }>('INSERT INTO tags (name_en, name_de, name_fr) VALUES ($1, $2, $3) RETURNING id', [names.name_en, names.name_de, names.name_fr]);
    return rows[0]!.id;
  },

  async rename(db: Queryable, id: number, names: Record<TagLanguageField, string>): Promise<void> {
    await db.query('UPDATE tags SET name_en = $2, name_de = $3, name_fr = $4 WHERE id = $1', [id, names.name_en, names.name_de, names.name_fr]);
  },

  async videoIdsTagged(db: Queryable, tagId: number): Promise<number[]> {
    const rows = await db.query<{ video_id: number }>('SELECT video_id FROM video_tags WHERE tag_id = $1 ORDER BY video_id', [tagId]);
    return rows.map((row) => row.video_id);
  },

  /** Deletes the tag; its links to videos go with it (ON DELETE CASCADE). */
  async remove(db: Queryable, id: number): Promise<boolean> {
    const rows = await db.query<{ id: number }>('DELETE FROM tags WHERE id = $1 RETURNING id', [id]);
    return rows.length > 0;
  },

  async countVideos(db: Queryable, filter: RetagFilter): Promise<number> {
    const params: unknown[] = [];
    const rows = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM videos v ${retagWhere(filter, params)}`, params);
    return rows[0]?.total ?? 0;
  },

  pageOfVideos(db: Queryable, filter: RetagFilter, limit: number, offset: number): Promise<RetagVideoRow[]> {
    const params: unknown[] = [];
    const where = retagWhere(filter, params);
    params.push(limit, offset);
    return db.query<RetagVideoRow>(
      `SELECT v.id, v.title, v.published_at FROM videos v ${where}
        ORDER BY v.published_at DESC, v.id DESC
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
  },

  /** The videos of `ids` that exist, locked until the transaction ends (two retags of one video follow each other). */
  lockVideos(db: Queryable, ids: readonly number[]): Promise<RetagVideoRow[]> {
    return db.query<RetagVideoRow>('SELECT v.id, v.title, v.published_at FROM videos v WHERE v.id = ANY($1::int[]) ORDER BY v.id FOR UPDATE', [ids]);
  },

  /** The tags of `ids` that exist, kept from deletion until the transaction ends. */
  async shareTags(db: Queryable, ids: readonly number[]): Promise<number[]> {
    const rows = await db.query<{ id: number }>('SELECT id FROM tags WHERE id = ANY($1::int[]) ORDER BY id FOR SHARE', [ids]);
    return rows.map((row) => row.id);
  },

  tagsOf(db: Queryable, videoIds: readonly number[]): Promise<VideoTagLinkRow[]> {
    return db.query<VideoTagLinkRow>(
      `SELECT vt.video_id, t.id, t.name_en, t.name_de, t.name_fr
         FROM video_tags vt JOIN tags t ON t.id = vt.tag_id
        WHERE vt.video_id = ANY($1::int[])
        ORDER BY lower(t.name_en), t.id`,
      [videoIds],
    );
  },

  /** Links every video to every tag it lacks; the number of links made. */
  async link(db: Queryable, videoIds: readonly number[], tagIds: readonly number[]): Promise<number> {
    if (tagIds.length === 0) return 0;
    const rows = await db.query<{ video_id: number }>(
      `INSERT INTO video_tags (video_id, tag_id)
       SELECT v, t FROM unnest($1::int[]) AS v CROSS JOIN unnest($2::int[]) AS t
       ON CONFLICT DO NOTHING RETURNING video_id`,
      [videoIds, tagIds],
    );
    return rows.length;
  },

  /** Removes every link of the videos to the tags; the number removed. */
  async unlink(db: Queryable, videoIds: readonly number[], tagIds: readonly number[]): Promise<number> {
    if (tagIds.length === 0) return 0;
    const rows = await db.query<{ video_id: number }>('DELETE FROM video_tags WHERE video_id = ANY($1::int[]) AND tag_id = ANY($2::int[]) RETURNING video_id', [videoIds, tagIds]);
    return rows.length;
  },
};
