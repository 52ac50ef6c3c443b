import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaydateLimits } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { setPlaydateLimits } from './get-playdate-limits';

/** PUT /team/playdate-limits: new limits; the server brings models' offers inside them (prices clamped, durations dropped). */
export function updatePlaydateLimits(body: PlaydateLimits): Promise<PlaydateLimits> {
  return requireData(call('team.playdateLimits.set', { body }));
}

export function useUpdatePlaydateLimits() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePlaydateLimits, onSuccess: (limits) => setPlaydateLimits(queryClient, limits) });
}
