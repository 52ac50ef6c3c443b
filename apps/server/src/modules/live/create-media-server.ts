import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { createEmbeddedMediaServer } from './embedded-media-server';
import { createExternalMediaServer } from './external-media-server';
import type { MediaServer } from './media-server';

/** The media server the settings name (decision record 033): the embedded SFU, or the operator's behind MEDIA_SERVER_URL. */
export function createMediaServer(config: Pick<Config, 'live'>, log: Pick<FastifyBaseLogger, 'error' | 'warn'>): MediaServer {
  const { live } = config;
  if (live.mediaServer === 'external') {
    if (!live.mediaServerUrl) throw new Error('MEDIA_SERVER=external needs MEDIA_SERVER_URL');
    return createExternalMediaServer(live.mediaServerUrl, log);
  }
  return createEmbeddedMediaServer(live, log);
}
