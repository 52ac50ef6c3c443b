import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CameraTag } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export async function getCameraTags(signal?: AbortSignal): Promise<CameraTag[]> {
  return (await requireData(call('cameras.tags', undefined, { signal }))).tags;
}

export const cameraTagsQueryOptions = () =>
  queryOptions({
    queryKey: ['cameras', 'tags'] as const,
    queryFn: ({ signal }) => getCameraTags(signal),
    staleTime: 10 * 60_000,
  });

export function useCameraTags() {
  return useQuery(cameraTagsQueryOptions());
}
