import { DEFAULT_LANGUAGE, type Landing, type Language } from '@velora/shared';
import type { Platform } from '../../platform';
import { notFound } from '../../lib/http-error';
import { isDbId } from '../../lib/paging';
import { createHtmlSanitizer } from '../../lib/safe-html';
import { parseImageKey } from '../../lib/image-key';
import type { MediaService } from '../media/media.service';
import type { AuthContext } from '../sessions/sessions.service';
import { landingsRepository, type LandingRow } from './landings.repository';

/** The hero picture size: wide enough for a full-width banner. */
const HERO_SIZE = '1280x720';

export function createLandingsService(deps: Pick<Platform, 'config' | 'db'> & { media: MediaService }) {
  const { db, media } = deps;
  const sanitize = createHtmlSanitizer(deps.config);
  const heroOf = (key: string | null, viewer: AuthContext | null) => {
    const image = parseImageKey(key);
    return image ? media.imageUrl(image.kind, image.id, HERO_SIZE, viewer) : null;
  };

  const toLanding = (row: LandingRow, viewer: AuthContext | null): Landing => ({
    id: row.id,
    language: row.language,
    default: row.is_default,
    title: row.title,
    subtitle: row.subtitle,
    body_html: sanitize(row.body_html),
    hero_image: heroOf(row.hero_image, viewer),
    cta: row.cta_label && row.cta_url ? { label: row.cta_label, url: row.cta_url } : null,
  });

  const find = (id: number, language: Language) => (isDbId(id) ? landingsRepository.find(db, id, language) : Promise.resolve(null));

  return {
    /** The landing in `language`, or its default version; 404 for an unknown id. */
    async get(id: number, language: Language | undefined, viewer: AuthContext | null): Promise<Landing> {
      const row = await find(id, language ?? DEFAULT_LANGUAGE);
      if (!row) throw notFound(`No landing with id ${id}`);
      return toLanding(row, viewer);
    },

    /** Title and subtitle for page meta; null for an unknown id. */
    async summary(id: number, language: Language): Promise<{ title: string; subtitle: string } | null> {
      const row = await find(id, language);
      return row ? { title: row.title, subtitle: row.subtitle } : null;
    },
  };
}
export type LandingsService = ReturnType<typeof createLandingsService>;
