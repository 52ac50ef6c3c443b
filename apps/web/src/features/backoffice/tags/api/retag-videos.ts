import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RetagBody, RetagResult } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { invalidateAfterTagChange } from './change-tag';

/** POST /backoffice/retag: tags added to and removed from every selected video, all or nothing. */
export function retagVideos(body: RetagBody): Promise<RetagResult> {
  return requireData(call('backoffice.retag.apply', { body }));
}

export function useRetagVideos() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: retagVideos, onSuccess: () => invalidateAfterTagChange(queryClient) });
}
