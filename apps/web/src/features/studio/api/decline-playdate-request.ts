import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Playdate } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { refreshStudioPlaydates } from './get-studio-playdates';

/** POST /studio/playdates/{id}/decline: with an optional reason; the member's held coins are released. */
export function declinePlaydateRequest({ id, reason }: { id: number; reason: string }): Promise<Playdate> {
  return requireData(call('studio.playdates.decline', { params: { id: String(id) }, body: reason.trim() ? { reason: reason.trim() } : {} }));
}

export function useDeclinePlaydateRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: declinePlaydateRequest, onSuccess: () => refreshStudioPlaydates(queryClient) });
}
