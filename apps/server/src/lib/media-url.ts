import type { Config } from '../config';

/** The public URL of a file under DATA_DIR/media: on the CDN host when CDN_URL is set (SPEC §1), else same-origin. */
export function mediaUrl(config: Pick<Config, 'cdnUrl'>, path: string): string {
  return `${config.cdnUrl ?? ''}/media/${path.replace(/^\/+/, '')}`;
}
