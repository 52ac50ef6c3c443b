import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Playdate } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { refreshStudioPlaydates } from './get-studio-playdates';

/** POST /studio/playdates/{id}/accept: for his wished start (null), now or a later time (unix seconds). */
export function acceptPlaydateRequest({ id, startsAt }: { id: number; startsAt: number | null }): Promise<Playdate> {
  return requireData(call('studio.playdates.accept', { params: { id: String(id) }, body: { starts_at: startsAt } }));
}

export function useAcceptPlaydateRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acceptPlaydateRequest, onSuccess: () => refreshStudioPlaydates(queryClient) });
}
