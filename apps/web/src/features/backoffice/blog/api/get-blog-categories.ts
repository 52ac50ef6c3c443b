import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BoBlogCategoryList } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { BO_BLOG_QUERY_KEY } from './get-blog-articles';

/** GET /backoffice/blog/categories: every category with its names in the three languages. */
export function getBlogCategories(signal?: AbortSignal): Promise<BoBlogCategoryList> {
  return requireData(call('backoffice.blog.categories', {}, { signal }));
}

export const BO_BLOG_CATEGORIES_KEY = [...BO_BLOG_QUERY_KEY, 'categories'] as const;

export const blogCategoriesQueryOptions = () => queryOptions({ queryKey: BO_BLOG_CATEGORIES_KEY, queryFn: ({ signal }) => getBlogCategories(signal) });

export function useBlogCategories() {
  return useQuery(blogCategoriesQueryOptions());
}
