import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BoBlogArticle, BoBlogArticleFields, BoBlogArticleSave } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { blogArticleQueryKey } from './get-blog-article';
import { BO_BLOG_QUERY_KEY } from './get-blog-articles';

/** POST /backoffice/blog/articles: a new draft. */
export function createBlogArticle(body: BoBlogArticleFields): Promise<BoBlogArticle> {
  return requireData(call('backoffice.blog.create', { body }));
}

/** PUT /backoffice/blog/articles/{id}: the text and settings, at the version the editor read (409 when stale). */
export function saveBlogArticle({ id, body }: { id: number; body: BoBlogArticleSave }): Promise<BoBlogArticle> {
  return requireData(call('backoffice.blog.save', { params: { id }, body }));
}

/** POST /backoffice/blog/articles/{id}/publish: now, or at `publishAt` (unix seconds). */
export function publishBlogArticle({ id, version, publishAt }: { id: number; version: number; publishAt?: number }): Promise<BoBlogArticle> {
  return requireData(call('backoffice.blog.publish', { params: { id }, body: publishAt === undefined ? { version } : { version, publish_at: publishAt } }));
}

/** POST /backoffice/blog/articles/{id}/unpublish: back to a draft. */
export function unpublishBlogArticle({ id, version }: { id: number; version: number }): Promise<BoBlogArticle> {
  return requireData(call('backoffice.blog.unpublish', { params: { id }, body: { version } }));
}

/** A write of an article: the editor's copy becomes the answer, and the lists are read again. */
function useArticleChange<A>(mutationFn: (args: A) => Promise<BoBlogArticle>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (article) => {
      queryClient.setQueryData(blogArticleQueryKey(article.id), article);
      void queryClient.invalidateQueries({ queryKey: [...BO_BLOG_QUERY_KEY, 'list'] });
      void queryClient.invalidateQueries({ queryKey: [...BO_BLOG_QUERY_KEY, 'categories'] });
      // Readers' pages of the blog in this app show the change at once.
      void queryClient.invalidateQueries({ queryKey: ['blog'] });
    },
  });
}

export const useCreateBlogArticle = () => useArticleChange(createBlogArticle);
export const useSaveBlogArticle = () => useArticleChange(saveBlogArticle);
export const usePublishBlogArticle = () => useArticleChange(publishBlogArticle);
export const useUnpublishBlogArticle = () => useArticleChange(unpublishBlogArticle);
