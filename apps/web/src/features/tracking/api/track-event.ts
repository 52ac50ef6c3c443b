import { useMutation } from '@tanstack/react-query';
import type { TrackEventBody } from '@velora/shared';
import { call } from '@/lib/http/call';

/** POST /track {name, properties} (product §7). */
export async function trackEvent(body: TrackEventBody): Promise<void> {
  await call('visits.event', { body });
}

export function useTrackEvent() {
  return useMutation({ mutationFn: trackEvent });
}
