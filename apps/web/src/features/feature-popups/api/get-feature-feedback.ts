import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeatureFeedback } from '@velora/shared';
import { isApiError, requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /feature/feature_feedback/{id}: the member's feedback on a feature, or null when they gave none (404). */
export async function getFeatureFeedback(feature: string, signal?: AbortSignal): Promise<FeatureFeedback | null> {
  try {
    return await requireData(call('features.featureFeedback.get', { params: { id: feature } }, { signal }));
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

export const featureFeedbackQueryOptions = (feature: string) =>
  queryOptions({
    queryKey: ['feature-popups', 'feature-feedback', feature] as const,
    queryFn: ({ signal }) => getFeatureFeedback(feature, signal),
    retry: false,
  });

export function useFeatureFeedback(feature: string) {
  return useQuery(featureFeedbackQueryOptions(feature));
}
