import { useMutation } from '@tanstack/react-query';
import type { Playdate } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** POST /studio/playdates/{id}/end: she ends her live public show before its time. */
export function endPlaydate(id: number): Promise<Playdate> {
  return requireData(call('studio.playdates.end', { params: { id: String(id) } }));
}

export function useEndPlaydate() {
  return useMutation({ mutationFn: endPlaydate });
}
