import { useMutation } from '@tanstack/react-query';
import type { ChangeEmailBody, StatusOk } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** POST /user/change_email {newEmail, password?}: mails a confirmation link to the new address; 400 fields.password or fields.newEmail (own address), 409 fields.newEmail (taken), 429. */
export function changeEmail(body: ChangeEmailBody): Promise<StatusOk> {
  return requireData(call('user.changeEmail', { body }));
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
