import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasControlCharacters, hasLoneSurrogates, type Visit } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export type VisitParams = Record<string, string | string[]>;

/** Query parameters that carry credentials: never sent to tracking. */
const PRIVATE_PARAMS = new Set(['hash', 'authToken', 'reset_key', 'token']);

/** What the server refuses in any string (decision 031): a parameter holding it is left out, so the visit still counts. */
const unsendable = (text: string) => hasControlCharacters(text) || hasLoneSurrogates(text);

/** The visit parameters of product §7: the page referrer plus every query parameter of the page URL. */
export function visitParamsFrom(search: string, referrer: string): VisitParams {
  const params: VisitParams = {};
  for (const [name, value] of new URLSearchParams(search)) {
    if (PRIVATE_PARAMS.has(name) || name === 'referrer' || unsendable(name) || unsendable(value)) continue;
    const existing = params[name];
    if (existing === undefined) params[name] = value;
    else params[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  params.referrer = unsendable(referrer) ? '' : referrer;
  return params;
}

/** Tracks the visit; the client stores the visit id from the response header. */
export function getVisit(params: VisitParams, signal?: AbortSignal): Promise<Visit> {
  return requireData(call('visits.track', { query: params }, { signal }));
}

/** Tracked once per page load: the key has no parameters and the result never goes stale. */
export const visitQueryOptions = (params: VisitParams = {}) =>
  queryOptions({
    queryKey: ['visit'] as const,
    queryFn: ({ signal }) => getVisit(params, signal),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    meta: { sessionIndependent: true },
  });

/** The visit of this page load (its country drives EU and law checks, its features French). */
export function useVisit() {
  return useQuery({ ...visitQueryOptions(), enabled: false });
}
