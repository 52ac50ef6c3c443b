import { avatarPath } from '@velora/shared';
import type { Config } from '../config';

/** The public URL of a file under DATA_DIR/media: on the CDN host when CDN_URL is set (SPEC §1), else same-origin. */
export function mediaUrl(config: Pick<Config, 'cdnUrl'>, path: string): string {
  return `${config.cdnUrl ?? ''}/media/${path.replace(/^\/+/, '')}`;
}

/** The public URL of a user's avatar picture (SPEC §3 avatar rule), served by the media module. */
export function avatarUrl(config: Pick<Config, 'cdnUrl'>, userId: number, avatar: number | null): string {
  return mediaUrl(config, avatarPath(userId, avatar));
}
