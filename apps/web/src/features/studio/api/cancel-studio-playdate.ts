import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Playdate } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { refreshStudioPlaydates } from './get-studio-playdates';

/** POST /studio/playdates/{id}/cancel: one of hers that has not started (a private one releases the member's coins). */
export function cancelStudioPlaydate(id: number): Promise<Playdate> {
  return requireData(call('studio.playdates.cancel', { params: { id: String(id) } }));
}

export function useCancelStudioPlaydate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelStudioPlaydate, onSuccess: () => refreshStudioPlaydates(queryClient) });
}
