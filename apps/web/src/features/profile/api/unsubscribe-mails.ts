import { useMutation } from '@tanstack/react-query';
import type { StatusOk } from '@velora/shared';
import { api, requireData } from '@/lib/http';

/** GET /user/unsubscribe_mails: stops the newsletter and every other non-essential mail. */
export function unsubscribeMails(): Promise<StatusOk> {
  return requireData(api.get<StatusOk>('/user/unsubscribe_mails'));
}

export function useUnsubscribeMails() {
  return useMutation({ mutationFn: unsubscribeMails });
}
