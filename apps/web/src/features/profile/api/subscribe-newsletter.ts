import { useMutation } from '@tanstack/react-query';
import type { StatusOk } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /user/subscribe_newsletter: subscribes, and undoes an earlier "unsubscribe from all mails". */
export function subscribeNewsletter(): Promise<StatusOk> {
  return requireData(call('user.subscribeNewsletter'));
}

export function useSubscribeNewsletter() {
  return useMutation({ mutationFn: subscribeNewsletter });
}
