import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomPage } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/**
 * The wildcard of GET /pages/* for a page's path as the router gives it (percent-encoded): decoded per segment,
 * because the call encodes each segment again, so the request path stays the one the browser showed.
 */
function wildcardOf(path: string): string {
  return path
    .replace(/^\//, '')
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join('/');
}

/** GET /pages{path}: a custom page by its path; `password` for protected ones (403 INVALID_PASSWORD when wrong). */
export function getCustomPage(path: string, password: string | null, signal?: AbortSignal): Promise<CustomPage> {
  const query = password === null ? undefined : { password };
  return requireData(call('pages.get', { params: { '*': wildcardOf(path) }, query }, { signal }));
}

export const customPageQueryOptions = (path: string, password: string | null) =>
  queryOptions({
    queryKey: ['pages', 'custom', path, password] as const,
    queryFn: ({ signal }) => getCustomPage(path, password, signal),
    // Asked again at every visit (the cached page shows meanwhile): a page the back office changed, unpublished or
    // locked shows so at once (decision record 076).
    staleTime: 0,
    // A 404 or a wrong password does not change on retry; the HTTP client already retried 5xx.
    retry: false,
    meta: { sessionIndependent: true },
  });

export function useCustomPage(path: string, password: string | null) {
  return useQuery(customPageQueryOptions(path, password));
}
