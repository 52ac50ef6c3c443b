import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomPage } from '@velora/shared';
import { api, requireData } from '@/lib/http';

/** GET /pages{path}: a custom page by its path; `password` for protected ones (403 INVALID_PASSWORD when wrong). */
export function getCustomPage(path: string, password: string | null, signal?: AbortSignal): Promise<CustomPage> {
  return requireData(api.get<CustomPage>(`/pages${path}`, password === null ? undefined : { password }, signal ? { signal } : undefined));
}

export const customPageQueryOptions = (path: string, password: string | null) =>
  queryOptions({
    queryKey: ['pages', 'custom', path, password] as const,
    queryFn: ({ signal }) => getCustomPage(path, password, signal),
    staleTime: 60_000,
    // A 404 or a wrong password does not change on retry; the HTTP client already retried 5xx.
    retry: false,
    meta: { sessionIndependent: true },
  });

export function useCustomPage(path: string, password: string | null) {
  return useQuery(customPageQueryOptions(path, password));
}
