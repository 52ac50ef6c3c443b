import type { TrackActionBody } from '@velora/shared';
import { call } from '@/lib/http/call';

/** POST /feature/track_action/{id} {action}: what the member did with a feature popup (e.g. "dismiss", "rate"). */
export async function trackFeatureAction(feature: string, body: TrackActionBody): Promise<void> {
  await call('features.trackAction', { params: { id: feature }, body }, { keepalive: true });
}
