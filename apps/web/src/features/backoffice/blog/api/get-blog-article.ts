import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BoBlogArticle } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { BO_BLOG_QUERY_KEY } from './get-blog-articles';

/** GET /backoffice/blog/articles/{id}: one article with its Markdown and its version. */
export function getBlogArticle(id: number, signal?: AbortSignal): Promise<BoBlogArticle> {
  return requireData(call('backoffice.blog.get', { params: { id } }, { signal }));
}

export const blogArticleQueryKey = (id: number) => [...BO_BLOG_QUERY_KEY, 'article', id] as const;

export const blogArticleQueryOptions = (id: number) =>
  queryOptions({
    queryKey: blogArticleQueryKey(id),
    queryFn: ({ signal }) => getBlogArticle(id, signal),
    // The editor holds its own copy while someone types: a refetch on focus must not replace it underneath.
    refetchOnWindowFocus: false,
  });

export function useBlogArticle(id: number) {
  return useQuery(blogArticleQueryOptions(id));
}
