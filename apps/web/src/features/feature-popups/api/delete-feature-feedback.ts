import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/http/call';
import { featureFeedbackQueryOptions } from './get-feature-feedback';

/** DELETE /feature/feature_feedback/{id}: removes the member's feedback (idempotent, 204). */
export async function deleteFeatureFeedback(feature: string): Promise<void> {
  await call('features.featureFeedback.delete', { params: { id: feature } });
}

export function useDeleteFeatureFeedback(feature: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteFeatureFeedback(feature),
    onSuccess: () => queryClient.setQueryData(featureFeedbackQueryOptions(feature).queryKey, null),
  });
}
