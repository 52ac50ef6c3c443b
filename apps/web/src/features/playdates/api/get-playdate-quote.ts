import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaydateQuote } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /playdates/private/request/{id}?duration: the price of a duration, the member's coins and her free starts. */
export function getPlaydateQuote(cameraId: number, duration: number, signal?: AbortSignal): Promise<PlaydateQuote> {
  return requireData(call('playdates.private.quote', { params: { id: String(cameraId) }, query: { duration } }, { signal }));
}

export const playdateQuoteQueryOptions = (cameraId: number, duration: number) =>
  queryOptions({
    queryKey: ['playdates', 'quote', cameraId, duration] as const,
    queryFn: ({ signal }) => getPlaydateQuote(cameraId, duration, signal),
    // The free starts move as others request: asked fresh for every visit and duration.
    staleTime: 0,
    retry: false,
  });

export function usePlaydateQuote(cameraId: number, duration: number | null) {
  return useQuery({ ...playdateQuoteQueryOptions(cameraId, duration ?? 0), enabled: duration !== null, placeholderData: keepPreviousData });
}
