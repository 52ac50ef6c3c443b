import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BackofficeTagList } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** The back office's tag queries, all dropped after any tag or retag change. */
export const BACKOFFICE_TAGS_KEY = ['backoffice', 'tags'] as const;

/** GET /backoffice/tags (capability videos.retag): every tag, or those with `search` in a name of any language. */
export function getBackofficeTags(search: string, signal?: AbortSignal): Promise<BackofficeTagList> {
  return requireData(call('backoffice.tags.list', { query: { query: search.trim() === '' ? null : search.trim() } }, { signal }));
}

export const backofficeTagsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [...BACKOFFICE_TAGS_KEY, 'list', search.trim()] as const,
    queryFn: ({ signal }) => getBackofficeTags(search, signal),
    placeholderData: keepPreviousData,
  });

export function useBackofficeTags(search = '') {
  return useQuery(backofficeTagsQueryOptions(search));
}
