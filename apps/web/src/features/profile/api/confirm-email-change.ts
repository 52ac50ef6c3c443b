import { useMutation } from '@tanstack/react-query';
import type { ConfirmEmailChangeBody, StatusOk } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** POST /user/confirm_email_change {token}: 400 fields.token (invalid, used or expired link), 409 fields.newEmail (the address was taken meanwhile). */
export function confirmEmailChange(body: ConfirmEmailChangeBody): Promise<StatusOk> {
  return requireData(call('user.confirmEmailChange', { body }));
}

export function useConfirmEmailChange() {
  return useMutation({ mutationFn: confirmEmailChange });
}
