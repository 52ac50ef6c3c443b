import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionResponse } from '@velora/shared';
import { api, requireData } from '@/lib/http';

/** GET /payments/subscription: the member's running subscription, or null. */
export function getSubscription(signal?: AbortSignal): Promise<SubscriptionResponse> {
  return requireData(api.get<SubscriptionResponse>('/payments/subscription', undefined, signal ? { signal } : undefined));
}

export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: ['payments', 'subscription'] as const,
    queryFn: ({ signal }) => getSubscription(signal),
  });

export function useSubscription() {
  return useQuery(subscriptionQueryOptions());
}
