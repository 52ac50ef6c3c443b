import { avatarPath } from '@velora/shared';
import type { Config } from '../config';

/** The public URL of a file under DATA_DIR/media: on the CDN host when CDN_URL is set (product §1), else same-origin. */
export function mediaUrl(config: Pick<Config, 'cdnUrl'>, path: string): string {
  return `${config.cdnUrl ?? ''}/media/${path.replace(/^\/+/, '')}`;
}

/** The public URL of a user's avatar picture (product §3 avatar rule), served by the media module. */
export function avatarUrl(config: Pick<Config, 'cdnUrl'>, userId: number, avatar: number | null): string {
  return mediaUrl(config, avatarPath(userId, avatar));
}

/** The media URL builder services are given: the CDN host is decided once, where the platform is made. */
export interface MediaUrls {
  /** A file under DATA_DIR/media, e.g. `images/video/7/900x500.jpg`. */
  file(path: string): string;
  avatar(userId: number, avatar: number | null): string;
}

export function createMediaUrls(config: Pick<Config, 'cdnUrl'>): MediaUrls {
  const cdn = { cdnUrl: config.cdnUrl };
  return { file: (path) => mediaUrl(cdn, path), avatar: (userId, avatar) => avatarUrl(cdn, userId, avatar) };
}
