import { FAVOURITES_PER_PAGE, type FavouriteItem, type FavouriteKind, type FavouriteList } from '@velora/shared';
import { capPage, offsetOf, pagesOf } from '../../lib/paging';
import type { CamerasService } from '../cameras/cameras.service';
import type { FavouritesService } from '../favourites/favourites.service';
import type { ModelsService } from '../models/models.service';
import type { AuthContext } from '../sessions/sessions.service';
import type { ShootsService } from '../shoots/shoots.service';
import type { VideosService } from '../videos/videos.service';

export interface FavouriteListsDeps {
  favourites: FavouritesService;
  models: ModelsService;
  shoots: ShootsService;
  videos: VideosService;
  cameras: Pick<CamerasService, 'summariesByIds'>;
}

/**
 * The favourites pages (product §2 /favourite-*): each favourite with its item filled in, as the viewer sees it. A module
 * of its own above the catalog, so that favourites (which videos, models and shoots use) sits below them.
 */
export function createFavouriteListsService({ favourites, models, shoots, videos, cameras }: FavouriteListsDeps) {

  /** Items for `ids`, keyed by id; a target deleted between the two queries is simply missing. */
  async function itemsOf(kind: FavouriteKind, ids: number[], viewer: AuthContext): Promise<Map<number, Partial<FavouriteItem>>> {
    const keyed = <T extends { id: number }>(items: T[], wrap: (item: T) => Partial<FavouriteItem>) => new Map(items.map((i) => [i.id, wrap(i)]));
    switch (kind) {
      case 'model':
        return keyed(await models.summariesByIds(ids, viewer), (model) => ({ model }));
      case 'shoot':
        return keyed(await shoots.summariesByIds(ids, viewer), (shoot) => ({ shoot }));
      case 'video':
        return keyed(await videos.listByIds(ids, viewer), (video) => ({ video }));
      case 'image':
        return keyed(await shoots.imagesByIds(ids, viewer), (image) => ({ image }));
      case 'camera':
        return keyed(await cameras.summariesByIds(ids, viewer), (camera) => ({ camera }));
    }
  }

  return {
    async list(kind: FavouriteKind, requestedPage: number, viewer: AuthContext): Promise<FavouriteList> {
      const page = capPage(requestedPage);
      const params = { page, kind };
      const { total, rows } = await favourites.page(viewer.userId, kind, FAVOURITES_PER_PAGE, offsetOf(page, FAVOURITES_PER_PAGE));
      const items = await itemsOf(kind, rows.map((r) => r.target_id), viewer);
      return {
        items: rows.flatMap((row) => {
          const item = items.get(row.target_id);
          return item ? [{ kind, created_at: Math.floor(new Date(row.created_at).getTime() / 1000), ...item }] : [];
        }),
        params,
        total,
        per_page: FAVOURITES_PER_PAGE,
        pages: pagesOf(total, FAVOURITES_PER_PAGE),
      };
    },
  };
}
export type FavouriteListsService = ReturnType<typeof createFavouriteListsService>;
