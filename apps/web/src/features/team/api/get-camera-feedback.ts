import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CameraFeedbackList } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export interface CameraFeedbackRequest {
  page: number;
  /** Only answers with a rating ("Not now" left out). */
  rated: boolean;
}

/** GET /team/camera-feedback: the popup's answers, newest first, with the mean rating (capability backoffice). */
export function getCameraFeedback(request: CameraFeedbackRequest, signal?: AbortSignal): Promise<CameraFeedbackList> {
  const query = { page: request.page > 1 ? request.page : null, rated: request.rated ? 'true' : null } as const;
  return requireData(call('team.cameraFeedback', { query }, { signal }));
}

export const cameraFeedbackQueryOptions = (request: CameraFeedbackRequest) =>
  queryOptions({
    queryKey: ['team', 'camera-feedback', request] as const,
    queryFn: ({ signal }) => getCameraFeedback(request, signal),
    placeholderData: keepPreviousData,
  });

export function useCameraFeedback(request: CameraFeedbackRequest, enabled = true) {
  return useQuery({ ...cameraFeedbackQueryOptions(request), enabled });
}
