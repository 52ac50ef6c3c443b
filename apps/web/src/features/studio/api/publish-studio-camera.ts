import type { PublishTicket } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** POST /studio/camera/publish: a short-lived publisher token for the browser's WHIP offer (a fresh one per attempt). */
export function publishStudioCamera(): Promise<PublishTicket> {
  return requireData(call('studio.camera.publish'));
}
