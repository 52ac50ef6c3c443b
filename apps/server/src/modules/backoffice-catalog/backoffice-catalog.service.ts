import { HttpError } from '../../lib/http-error';
import type { Platform } from '../../platform';
import type { CamerasService } from '../cameras/cameras.service';
import type { MediaService } from '../media/media.service';
import { UnsupportedImage } from '../media/media-uploads';
import type { CatalogContext } from './catalog-context';
import { catalogGallery } from './catalog-gallery';
import { catalogModels } from './catalog-models';
import { catalogShoots } from './catalog-shoots';

// The back office's catalog (decision record 075), assembled from its use cases: models, shoots, galleries.

export type BackofficeCatalogDeps = Pick<Platform, 'db' | 'now' | 'log'> & { media: MediaService; cameras: Pick<CamerasService, 'updateStudio'> };

export function createBackofficeCatalogService(deps: BackofficeCatalogDeps) {
  const ctx: CatalogContext = {
    ...deps,
    async prepare(file) {
      try {
        return await deps.media.prepareUpload(file.data);
      } catch (error) {
        if (!(error instanceof UnsupportedImage)) throw error;
        const message = `"${file.name}" ${error.message}`;
        throw new HttpError(400, 'UNSUPPORTED_IMAGE', message, { files: message });
      }
    },
  };
  const shoots = catalogShoots(ctx);
  return {
    ...catalogModels(ctx),
    ...shoots,
    ...catalogGallery(ctx, shoots.shootDetail),
  };
}

export type BackofficeCatalogService = ReturnType<typeof createBackofficeCatalogService>;
