import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionResponse } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { subscriptionQueryOptions } from './get-subscription';

/** POST /payments/subscription/resume: a cancelled subscription renews again. */
export function resumeSubscription(): Promise<SubscriptionResponse> {
  return requireData(call('payments.subscription.resume'));
}

export function useResumeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeSubscription,
    onSuccess: (answer) => queryClient.setQueryData(subscriptionQueryOptions().queryKey, answer),
  });
}
