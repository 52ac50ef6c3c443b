import type { Feed, ShootDetail, ShootList } from '@velora/shared';
import type { FavouritesService } from '../favourites/favourites.service';
import type { AuthContext } from '../sessions/sessions.service';
import type { ShootsService } from '../shoots/shoots.service';

/**
 * Updates are releases: a shoot with its videos (product §2 /recent_updates, /update/{id}, /feeds). The feed holds
 * no data of its own, so this module has no repository: it composes the shoots and favourites services.
 */
export function createFeedsService({ shoots, favourites }: { shoots: ShootsService; favourites: FavouritesService }) {

  const toFeed = (list: ShootList, personal: boolean): Feed => ({
    items: list.shoots,
    params: { page: list.params.page },
    total: list.total,
    per_page: list.per_page,
    pages: list.pages,
    personal,
  });

  /** Every release, newest first. */
  const updates = async (page: number, viewer: AuthContext): Promise<Feed> => toFeed(await shoots.list({ page, order: 'newest' }, viewer), false);

  return {
    updates,

    update: (id: number, viewer: AuthContext): Promise<ShootDetail> => shoots.get(id, viewer),

    /** The releases of the member's favourite models; everyone's when they have no favourite model yet. */
    async feed(page: number, viewer: AuthContext): Promise<Feed> {
      const modelIds = await favourites.idsOf(viewer.userId, 'model');
      if (modelIds.length === 0) return updates(page, viewer);
      return toFeed(await shoots.list({ page, order: 'newest' }, viewer, { modelIds }), true);
    },
  };
}
export type FeedsService = ReturnType<typeof createFeedsService>;
