import type { PlaybackBody } from '@velora/shared';
import { api } from '@/lib/http';

/** POST /videos/{id}/playback: the progress behind "continue watching" (204). */
export async function postPlayback(videoId: number, body: PlaybackBody): Promise<void> {
  await api.post(`/videos/${videoId}/playback`, body);
}
