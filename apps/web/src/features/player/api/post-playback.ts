import type { PlaybackBody } from '@velora/shared';
import { call } from '@/lib/http/call';

/** POST /videos/{id}/playback: the progress behind "continue watching" (204). */
export async function postPlayback(videoId: number, body: PlaybackBody): Promise<void> {
  await call('videos.playback.record', { params: { id: videoId }, body });
}
