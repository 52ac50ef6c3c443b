import { queryOptions, useQuery } from '@tanstack/react-query';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /user/unsubscribe_mails (product §7): the member gets no more newsletter mails. Repeating it changes nothing. */
export function unsubscribeMails(signal?: AbortSignal): Promise<unknown> {
  return requireData(call('user.unsubscribeMails', undefined, { signal }));
}

export const unsubscribeMailsQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'unsubscribe-mails'] as const,
    queryFn: ({ signal }) => unsubscribeMails(signal),
    staleTime: Infinity,
    retry: false,
  });

export function useUnsubscribeMails(enabled: boolean) {
  return useQuery({ ...unsubscribeMailsQueryOptions(), enabled });
}
