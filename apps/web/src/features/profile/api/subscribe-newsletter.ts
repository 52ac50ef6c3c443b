import { useMutation } from '@tanstack/react-query';
import type { StatusOk } from '@velora/shared';
import { api, requireData } from '@/lib/http';

/** GET /user/subscribe_newsletter: subscribes, and undoes an earlier "unsubscribe from all mails". */
export function subscribeNewsletter(): Promise<StatusOk> {
  return requireData(api.get<StatusOk>('/user/subscribe_newsletter'));
}

export function useSubscribeNewsletter() {
  return useMutation({ mutationFn: subscribeNewsletter });
}
