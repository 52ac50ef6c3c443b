import type { WatchTicket } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/**
 * POST /cameras/{name}/watch: a short-lived viewer ticket (WHEP URL, LL-HLS URL, token, ICE servers). Refusals are
 * ApiErrors: 409 CAMERA_OFFLINE, 403 PAID_CHAT_REQUIRED.
 */
export function watchCamera(name: string, signal?: AbortSignal): Promise<WatchTicket> {
  return requireData(call('cameras.watch', { params: { name } }, { signal }));
}
