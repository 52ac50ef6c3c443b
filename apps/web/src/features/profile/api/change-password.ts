import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody, StatusOk } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** POST /user/change_password {password, newPassword}: 400 fields.password when the current one is wrong, 429 after too many wrong ones. */
export function changePassword(body: ChangePasswordBody): Promise<StatusOk> {
  return requireData(call('user.changePassword', { body }));
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
