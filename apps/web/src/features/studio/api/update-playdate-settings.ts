import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaydateSettings, StudioPlaydates } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { setStudioPlaydates } from './get-studio-playdates';

/** PUT /studio/playdates/settings: her private offer (price per minute and durations within the limits, her hours). */
export function updatePlaydateSettings(body: PlaydateSettings): Promise<StudioPlaydates> {
  return requireData(call('studio.playdates.settings', { body }));
}

export function useUpdatePlaydateSettings() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePlaydateSettings, onSuccess: (playdates) => setStudioPlaydates(queryClient, playdates) });
}
