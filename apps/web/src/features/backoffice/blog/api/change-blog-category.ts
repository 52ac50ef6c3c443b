import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BoBlogCategory, BoBlogCategoryCreate, BoBlogCategoryNames } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { BO_BLOG_QUERY_KEY } from './get-blog-articles';

/** POST /backoffice/blog/categories: a new category named in the three languages. */
export function createBlogCategory(body: BoBlogCategoryCreate): Promise<BoBlogCategory> {
  return requireData(call('backoffice.blog.categories.create', { body }));
}

/** PUT /backoffice/blog/categories/{id}: new names; the slug stays. */
export function renameBlogCategory({ id, body }: { id: number; body: BoBlogCategoryNames }): Promise<BoBlogCategory> {
  return requireData(call('backoffice.blog.categories.rename', { params: { id }, body }));
}

function useCategoryChange<A>(mutationFn: (args: A) => Promise<BoBlogCategory>) {
  const queryClient = useQueryClient();
  // Category names show in the article list and in the editor's choice: read both again.
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: BO_BLOG_QUERY_KEY }) });
}

export const useCreateBlogCategory = () => useCategoryChange(createBlogCategory);
export const useRenameBlogCategory = () => useCategoryChange(renameBlogCategory);
