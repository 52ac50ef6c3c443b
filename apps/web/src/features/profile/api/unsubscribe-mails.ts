import { useMutation } from '@tanstack/react-query';
import type { StatusOk } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /user/unsubscribe_mails: stops the newsletter and every other non-essential mail. */
export function unsubscribeMails(): Promise<StatusOk> {
  return requireData(call('user.unsubscribeMails'));
}

export function useUnsubscribeMails() {
  return useMutation({ mutationFn: unsubscribeMails });
}
