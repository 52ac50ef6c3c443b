import { useMutation } from '@tanstack/react-query';
import type { ContentReportBody, StatusOk } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** POST /pages/content_report: a content removal request; 400 with `fields` when invalid. */
export function sendContentReport(body: ContentReportBody): Promise<StatusOk> {
  return requireData(call('pages.contentReport', { body }));
}

export function useSendContentReport() {
  return useMutation({ mutationFn: sendContentReport });
}
