import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogArticle, Language } from '@velora/shared';
import { isApiError, requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

const fetchArticle = (alias: string, lang: Language | null, signal?: AbortSignal) =>
  requireData(call('blog.article', { params: { alias }, query: lang ? { lang } : undefined }, { signal }));

/**
 * GET /blog/{alias}?lang: one article with its sanitised HTML and its translations. An alias of another
 * language (a link to a translation) is found without `lang`, so it still opens.
 */
export async function getArticle(alias: string, lang: Language, signal?: AbortSignal): Promise<BlogArticle> {
  try {
    return await fetchArticle(alias, lang, signal);
  } catch (error) {
    if (isApiError(error, 404)) return fetchArticle(alias, null, signal);
    throw error;
  }
}

export const articleQueryOptions = (alias: string, lang: Language) =>
  queryOptions({
    queryKey: ['blog', 'article', alias, lang] as const,
    queryFn: ({ signal }) => getArticle(alias, lang, signal),
    staleTime: 5 * 60_000,
    meta: { sessionIndependent: true },
  });

export function useArticle(alias: string, lang: Language) {
  return useQuery(articleQueryOptions(alias, lang));
}
