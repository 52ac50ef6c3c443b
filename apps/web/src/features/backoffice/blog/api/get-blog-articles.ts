import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BoBlogList, BoBlogStatus, Language } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** The list's filters as the screen keeps them in its URL (empty: not filtered). */
export interface BlogArticleFilters {
  page: number;
  lang: Language | '';
  status: BoBlogStatus | '';
  q: string;
}

export const BO_BLOG_QUERY_KEY = ['backoffice', 'blog'] as const;

/** GET /backoffice/blog/articles (capability blog.write): every article, drafts included, last changed first. */
export function getBlogArticles(filters: BlogArticleFilters, signal?: AbortSignal): Promise<BoBlogList> {
  const query = {
    page: filters.page > 1 ? String(filters.page) : undefined,
    lang: filters.lang || undefined,
    status: filters.status || undefined,
    q: filters.q.trim() || undefined,
  };
  return requireData(call('backoffice.blog.list', { query }, { signal }));
}

export const blogArticlesQueryOptions = (filters: BlogArticleFilters) =>
  queryOptions({
    queryKey: [...BO_BLOG_QUERY_KEY, 'list', filters] as const,
    queryFn: ({ signal }) => getBlogArticles(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useBlogArticles(filters: BlogArticleFilters) {
  return useQuery(blogArticlesQueryOptions(filters));
}
