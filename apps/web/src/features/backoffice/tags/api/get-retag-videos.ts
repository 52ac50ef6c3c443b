import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RetagVideoList } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { BACKOFFICE_TAGS_KEY } from './get-tags';

/** The Retagger's filters as the screen keeps them in its URL. */
export interface RetagFilters {
  page: number;
  query: string;
  /** A tag id, 'untagged', or '' for every video. */
  tag: string;
}

/** GET /backoffice/retag/videos (capability videos.retag): a page of videos with their tags and cover. */
export function getRetagVideos(filters: RetagFilters, signal?: AbortSignal): Promise<RetagVideoList> {
  const query = {
    page: filters.page > 1 ? String(filters.page) : null,
    query: filters.query.trim() === '' ? null : filters.query.trim(),
    tag: /^\d+$/.test(filters.tag) ? filters.tag : null,
    untagged: filters.tag === 'untagged' ? ('true' as const) : null,
  };
  return requireData(call('backoffice.retag.videos', { query }, { signal }));
}

export const retagVideosQueryOptions = (filters: RetagFilters) =>
  queryOptions({
    queryKey: [...BACKOFFICE_TAGS_KEY, 'videos', filters] as const,
    queryFn: ({ signal }) => getRetagVideos(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useRetagVideos(filters: RetagFilters) {
  return useQuery(retagVideosQueryOptions(filters));
}
