import type { Platform } from '../../platform';
import type { CamerasService } from '../cameras/cameras.service';
import type { MediaService } from '../media/media.service';

/** What the catalog's use cases share (decision record 075). */
export interface CatalogContext extends Pick<Platform, 'db' | 'now' | 'log'> {
  media: MediaService;
  cameras: Pick<CamerasService, 'updateStudio'>;
  /** An uploaded file made into an original, or a 400 naming the file. */
  prepare(file: { name: string; data: Buffer }): Promise<{ data: Buffer; width: number; height: number }>;
}
