import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeatureFeedback, FeatureFeedbackBody } from '@velora/shared';
import { api, requireData } from '@/lib/http';
import { featureFeedbackQueryOptions } from './get-feature-feedback';

/** POST /feature/feature_feedback/{id} {rating, message}: creates or replaces the member's feedback. */
export function saveFeatureFeedback(feature: string, body: FeatureFeedbackBody): Promise<FeatureFeedback> {
  return requireData(api.post<FeatureFeedback>(`/feature/feature_feedback/${encodeURIComponent(feature)}`, body));
}

export function useSaveFeatureFeedback(feature: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FeatureFeedbackBody) => saveFeatureFeedback(feature, body),
    onSuccess: (saved) => queryClient.setQueryData(featureFeedbackQueryOptions(feature).queryKey, saved),
  });
}
