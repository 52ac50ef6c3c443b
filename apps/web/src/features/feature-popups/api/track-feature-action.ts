import type { TrackActionBody } from '@velora/shared';
import { api } from '@/lib/http';

/** POST /feature/track_action/{id} {action}: what the member did with a feature popup (e.g. "dismiss", "rate"). */
export async function trackFeatureAction(feature: string, body: TrackActionBody): Promise<void> {
  await api.post(`/feature/track_action/${encodeURIComponent(feature)}`, body, { keepalive: true });
}
