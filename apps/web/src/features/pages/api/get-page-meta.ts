import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language, PageMeta } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /pages/meta?url=: the title, description, keywords, robots and canonical URL of a path. */
export function getPageMeta(url: string, lang: Language, signal?: AbortSignal): Promise<PageMeta> {
  return requireData(call('pages.meta', { query: { url, lang } }, { signal }));
}

export const pageMetaQueryOptions = (url: string, lang: Language) =>
  queryOptions({
    queryKey: ['pages', 'meta', url, lang] as const,
    queryFn: ({ signal }) => getPageMeta(url, lang, signal),
    // Asked again on every navigation to the path (the cached answer shows meanwhile).
    staleTime: 0,
    retry: false,
    meta: { sessionIndependent: true },
  });

export function usePageMetaQuery(url: string, lang: Language) {
  return useQuery(pageMetaQueryOptions(url, lang));
}
