import { useMutation } from '@tanstack/react-query';
import type { ContactBody, StatusOk } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** POST /pages/contact_us: 400 with `fields` (captcha included) when something is missing or wrong. */
export function sendContactMessage(body: ContactBody): Promise<StatusOk> {
  return requireData(call('pages.contact', { body }));
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
