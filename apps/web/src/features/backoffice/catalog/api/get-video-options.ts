import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BoVideoOptions } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /backoffice/shoot-videos: videos a shoot can link to, by title. */
export function getVideoOptions(q: string, signal?: AbortSignal): Promise<BoVideoOptions> {
  return requireData(call('backoffice.shoots.videoOptions', { query: { q: q || null } }, { signal }));
}

export const videoOptionsQueryOptions = (q: string) =>
  queryOptions({ queryKey: ['backoffice', 'shoot-videos', q], queryFn: ({ signal }) => getVideoOptions(q, signal), placeholderData: keepPreviousData });

export function useVideoOptions(q: string, enabled: boolean) {
  return useQuery({ ...videoOptionsQueryOptions(q), enabled });
}
