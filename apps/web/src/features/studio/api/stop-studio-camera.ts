import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** POST /studio/camera/stop: ends the live session now (reason 202); nothing happens when not live. */
export async function stopStudioCamera(): Promise<void> {
  await requireData(call('studio.camera.stop'));
}
