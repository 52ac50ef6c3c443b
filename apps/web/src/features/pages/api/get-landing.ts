import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Landing, Language } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /landings/{id}?lang: a landing variant in the language, or its default language. */
export function getLanding(id: number, lang: Language, signal?: AbortSignal): Promise<Landing> {
  return requireData(call('pages.landing', { params: { id }, query: { lang } }, { signal }));
}

export const landingQueryOptions = (id: number, lang: Language) =>
  queryOptions({
    queryKey: ['pages', 'landing', id, lang] as const,
    queryFn: ({ signal }) => getLanding(id, lang, signal),
    staleTime: 5 * 60_000,
    meta: { sessionIndependent: true },
  });

export function useLanding(id: number, lang: Language) {
  return useQuery(landingQueryOptions(id, lang));
}
