import { useMutation } from '@tanstack/react-query';
import type { FeedbackBody, StatusOk } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** POST /feature/feedback {rating, message}: feedback about the site. */
export function sendFeedback(body: FeedbackBody): Promise<StatusOk> {
  return requireData(call('features.feedback', { body }));
}

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}
