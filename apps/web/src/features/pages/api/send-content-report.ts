import { useMutation } from '@tanstack/react-query';
import type { ContentReportBody, StatusOk } from '@velora/shared';
import { api, requireData } from '@/lib/http';

/** POST /pages/content_report: a content removal request; 400 with `fields` when invalid. */
export function sendContentReport(body: ContentReportBody): Promise<StatusOk> {
  return requireData(api.post<StatusOk>('/pages/content_report', body));
}

export function useSendContentReport() {
  return useMutation({ mutationFn: sendContentReport });
}
