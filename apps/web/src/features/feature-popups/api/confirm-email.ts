import { useMutation } from '@tanstack/react-query';
import type { ConfirmEmailBody, StatusOk } from '@velora/shared';
import { api, requireData } from '@/lib/http';

/** POST /user/confirm_email {token}: 400 fields.token when the link is bad, used or expired. */
export function confirmEmail(body: ConfirmEmailBody): Promise<StatusOk> {
  return requireData(api.post<StatusOk>('/user/confirm_email', body));
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}
