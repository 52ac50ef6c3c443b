import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CameraMailsUnsubscribed } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/**
 * POST /cameras/mails/unsubscribe?token: the one-click unsubscribe of go-live mails; the token of the mail's link names
 * the member, so no log-in is needed. Repeating it changes nothing.
 */
export function unsubscribeCameraMails(token: string): Promise<CameraMailsUnsubscribed> {
  return requireData(call('cameras.mails.unsubscribe', { query: { token } }));
}

export const unsubscribeCameraMailsQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['cameras', 'mails', 'unsubscribe', token] as const,
    // Not aborted when the page re-renders in another layout: the POST is an action, sent once.
    queryFn: () => unsubscribeCameraMails(token),
    staleTime: Infinity,
    retry: false,
  });

export function useUnsubscribeCameraMails(token: string | null) {
  return useQuery({ ...unsubscribeCameraMailsQueryOptions(token ?? ''), enabled: token !== null });
}
