import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionResponse } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { subscriptionQueryOptions } from './get-subscription';

/** POST /payments/subscription/cancel: the subscription runs to the end of its period and does not renew. */
export function cancelSubscription(): Promise<SubscriptionResponse> {
  return requireData(call('payments.subscription.cancel'));
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (answer) => queryClient.setQueryData(subscriptionQueryOptions().queryKey, answer),
  });
}
