import { useMutation } from '@tanstack/react-query';
import type { ContactBody, StatusOk } from '@velora/shared';
import { api, requireData } from '@/lib/http';

/** POST /pages/contact_us: 400 with `fields` (captcha included) when something is missing or wrong. */
export function sendContactMessage(body: ContactBody): Promise<StatusOk> {
  return requireData(api.post<StatusOk>('/pages/contact_us', body));
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
