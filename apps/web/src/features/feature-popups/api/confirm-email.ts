import { useMutation } from '@tanstack/react-query';
import type { ConfirmEmailBody, StatusOk } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** POST /user/confirm_email {token}: 400 fields.token when the link is bad, used or expired. */
export function confirmEmail(body: ConfirmEmailBody): Promise<StatusOk> {
  return requireData(call('user.confirmEmail', { body }));
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}
