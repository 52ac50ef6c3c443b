import type { FavouriteKind } from '@velora/shared';
import type { Platform } from '../../platform';
import { notFound } from '../../lib/http-error';
import { createTableCache } from '../../lib/table-cache';
import { isDbId } from '../../lib/paging';
import { favouritesRepository, type StoredKind } from './favourites.repository';

const KIND_NOUN: Record<FavouriteKind, string> = { model: 'model', shoot: 'shoot', video: 'video', image: 'image', camera: 'camera' };

/**
 * A member's favourites, by kind. It needs only its own repository, so the catalog modules (videos, models, shoots)
 * and home, feeds and tips use it from above; the filled-in lists are the favourite-lists module's, above the catalog.
 */
/**
 * Every catalog page marks the viewer's favourites: each member's favourite ids of a kind are kept in memory until
 * favourites change (decision record 051). A member with more than `maxKept` of a kind is asked per page instead.
 */
export const FAVOURITE_ID_CACHE = { max: 20_000, maxBytes: 4 * 1024 * 1024, ttlMs: 10 * 60_000, maxKept: 5_000 };

export function createFavouritesService(deps: Pick<Platform, 'db'>) {
  const { db } = deps;
  const keptIds = createTableCache<Set<number> | 'too many'>({
    tables: ['favourites'],
    changes: db.changes,
    ...FAVOURITE_ID_CACHE,
    // A set's JSON is `{}`: count its ids (a small integer and its slot in the set's table).
    sizeOf: (ids) => (ids === 'too many' ? 8 : 16 + ids.size * 16),
  });
  const allIdsOf = (userId: number, kind: FavouriteKind) =>
    keptIds.get(`${userId}:${kind}`, async () => {
      const ids = await favouritesRepository.someIds(db, userId, kind, FAVOURITE_ID_CACHE.maxKept + 1);
      return ids.length > FAVOURITE_ID_CACHE.maxKept ? 'too many' : new Set(ids);
    });

  return {
    /** Ids the user favourited, most recent first (targets that no longer exist left out). */
    async idsOf(userId: number, kind: FavouriteKind, limit: number | null = null): Promise<number[]> {
      const rows = await favouritesRepository.page(db, userId, kind, limit);
      return rows.map((r) => r.target_id);
    },

    /** Which of `ids` the user favourited. */
    async isFavourite(userId: number, kind: FavouriteKind, ids: number[]): Promise<Set<number>> {
      const wanted = [...new Set(ids.filter(isDbId))];
      if (wanted.length === 0) return new Set();
      const all = await allIdsOf(userId, kind);
      if (all !== 'too many') return new Set(wanted.filter((id) => all.has(id)));
      return new Set(await favouritesRepository.among(db, userId, kind, wanted));
    },

    /** Idempotent; 404 when there is nothing of that kind with that id. */
    async add(userId: number, kind: FavouriteKind, id: number): Promise<void> {
      const exists = isDbId(id) && (await favouritesRepository.targetExists(db, kind, id));
      if (!exists) throw notFound(`No ${KIND_NOUN[kind]} with id ${id}`);
      await favouritesRepository.add(db, userId, kind, id);
    },

    /** Idempotent: removing what is not a favourite is no error. */
    async remove(userId: number, kind: FavouriteKind, id: number): Promise<void> {
      if (!isDbId(id)) return;
      await favouritesRepository.remove(db, userId, kind, id);
    },

    /** One page of (target id, when) pairs and the total, most recent first. */
    async page(userId: number, kind: StoredKind, limit: number, offset: number) {
      const [total, rows] = await Promise.all([
        favouritesRepository.count(db, userId, kind),
        favouritesRepository.page(db, userId, kind, limit, offset),
      ]);
      return { total, rows };
    },
  };
}
export type FavouritesService = ReturnType<typeof createFavouritesService>;
