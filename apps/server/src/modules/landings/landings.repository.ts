import type { Language } from '@velora/shared';
import type { Queryable } from '../../db/database';

export interface LandingRow {
  id: number;
  language: Language;
  is_default: boolean;
  title: string;
  subtitle: string;
  body_html: string;
  hero_image: string | null;
  cta_label: string | null;
  cta_url: string | null;
}

export const landingsRepository = {
  /** The landing in `language` when it exists there, else its default language, else its English (then any) version. */
  async find(db: Queryable, id: number, language: Language): Promise<LandingRow | null> {
    const rows = await db.query<LandingRow>(
      `SELECT id, language, is_default, title, subtitle, body_html, hero_image, cta_label, cta_url
         FROM landings
        WHERE id = $1
        ORDER BY (language = $2) DESC, is_default DESC, (language = 'en') DESC, language
        LIMIT 1`,
      [id, language],
    );
    return rows[0] ?? null;
  },
};
