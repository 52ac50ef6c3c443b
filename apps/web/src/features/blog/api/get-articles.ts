import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogList, Language } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export interface BlogListRequest {
  lang: Language;
  title: string | null;
  category: string | null;
  page: number;
}

/** GET /blog?lang&title&category&page: one page of articles, with the categories for the filter. */
export function getArticles(request: BlogListRequest, signal?: AbortSignal): Promise<BlogList> {
  return requireData(
    call('blog.list', { query: { lang: request.lang, title: request.title, category: request.category, page: request.page } }, { signal }),
  );
}

export const articlesQueryOptions = (request: BlogListRequest) =>
  queryOptions({
    queryKey: ['blog', 'list', request] as const,
    queryFn: ({ signal }) => getArticles(request, signal),
    // The previous results stay on screen (dimmed) while a new filter loads.
    placeholderData: keepPreviousData,
    meta: { sessionIndependent: true },
  });

export function useArticles(request: BlogListRequest) {
  return useQuery(articlesQueryOptions(request));
}
