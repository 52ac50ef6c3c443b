import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnlockedContent } from '@velora/shared';
import { call } from '@/lib/http/call';
import { reportError } from '@/lib/report-error';

export const NOTHING_UNLOCKED: UnlockedContent = { galleries: [], videos: [] };

/** GET /videos/unlocked. A failed fetch counts as nothing unlocked (product §8): the server decides playback anyway. */
export async function getUnlocked(signal?: AbortSignal): Promise<UnlockedContent> {
  try {
    return (await call('videos.unlocked', undefined, { signal })) ?? NOTHING_UNLOCKED;
  } catch (error) {
    reportError(error, { call: 'GET /videos/unlocked' });
    return NOTHING_UNLOCKED;
  }
}

export const unlockedQueryOptions = () =>
  queryOptions({
    queryKey: ['videos', 'unlocked'] as const,
    queryFn: ({ signal }) => getUnlocked(signal),
    staleTime: 60_000,
  });

export function useUnlocked(enabled: boolean) {
  return useQuery({ ...unlockedQueryOptions(), enabled });
}
