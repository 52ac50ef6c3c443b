import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaydateExtendOffer } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /playdates/private/extend/{id}: the extensions possible now, their coins, and until when the offer holds. */
export function getExtendOffer(id: number, signal?: AbortSignal): Promise<PlaydateExtendOffer> {
  return requireData(call('playdates.private.extendOffer', { params: { id: String(id) } }, { signal }));
}

export const extendOfferQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['playdates', 'extend', id] as const, queryFn: ({ signal }) => getExtendOffer(id, signal), staleTime: 0, retry: false });

export function useExtendOffer(id: number | null) {
  return useQuery({ ...extendOfferQueryOptions(id ?? 0), enabled: id !== null });
}
