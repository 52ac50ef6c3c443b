import { useMutation } from '@tanstack/react-query';
import type { FeedbackBody, StatusOk } from '@velora/shared';
import { api, requireData } from '@/lib/http';

/** POST /feature/feedback {rating, message}: feedback about the site. */
export function sendFeedback(body: FeedbackBody): Promise<StatusOk> {
  return requireData(api.post<StatusOk>('/feature/feedback', body));
}

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}
