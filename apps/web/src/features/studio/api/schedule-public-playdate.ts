import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Playdate, PublicPlaydateBody } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { refreshStudioPlaydates } from './get-studio-playdates';

/** POST /studio/playdates/public: announces a public show (409 when it overlaps another of hers). */
export function schedulePublicPlaydate(body: PublicPlaydateBody): Promise<Playdate> {
  return requireData(call('studio.playdates.schedule', { body }));
}

export function useSchedulePublicPlaydate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: schedulePublicPlaydate, onSuccess: () => refreshStudioPlaydates(queryClient) });
}
