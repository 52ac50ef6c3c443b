import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaydateFeedbackAsks } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /playdates/feedback: finished private playdates the member has neither rated nor dismissed, newest first. */
export function getFeedbackAsks(signal?: AbortSignal): Promise<PlaydateFeedbackAsks> {
  return requireData(call('playdates.feedback.list', {}, { signal }));
}

export const feedbackAsksQueryOptions = () =>
  queryOptions({ queryKey: ['playdates', 'feedback'] as const, queryFn: ({ signal }) => getFeedbackAsks(signal), staleTime: 0, retry: false });

export function useFeedbackAsks() {
  return useQuery(feedbackAsksQueryOptions());
}
