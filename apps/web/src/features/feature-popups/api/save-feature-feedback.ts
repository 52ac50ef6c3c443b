import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeatureFeedback, FeatureFeedbackBody } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { featureFeedbackQueryOptions } from './get-feature-feedback';

/** POST /feature/feature_feedback/{id} {rating, message}: creates or replaces the member's feedback. */
export function saveFeatureFeedback(feature: string, body: FeatureFeedbackBody): Promise<FeatureFeedback> {
  return requireData(call('features.featureFeedback.save', { params: { id: feature }, body }));
}

export function useSaveFeatureFeedback(feature: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FeatureFeedbackBody) => saveFeatureFeedback(feature, body),
    onSuccess: (saved) => queryClient.setQueryData(featureFeedbackQueryOptions(feature).queryKey, saved),
  });
}
