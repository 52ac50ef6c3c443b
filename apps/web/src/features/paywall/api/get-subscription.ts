import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionResponse } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /payments/subscription: the member's running subscription, or null. */
export function getSubscription(signal?: AbortSignal): Promise<SubscriptionResponse> {
  return requireData(call('payments.subscription', undefined, { signal }));
}

export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: ['payments', 'subscription'] as const,
    queryFn: ({ signal }) => getSubscription(signal),
  });

export function useSubscription() {
  return useQuery(subscriptionQueryOptions());
}
