import { useMutation } from '@tanstack/react-query';
import type { TrackEventBody } from '@velora/shared';
import { api } from '@/lib/http';

/** POST /track {name, properties} (SPEC §7). */
export async function trackEvent(body: TrackEventBody): Promise<void> {
  await api.post('/track', body);
}

export function useTrackEvent() {
  return useMutation({ mutationFn: trackEvent });
}
