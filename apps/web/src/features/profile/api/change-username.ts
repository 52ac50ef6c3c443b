import { useMutation } from '@tanstack/react-query';
import type { ChangeUsernameBody, StatusOk } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** POST /user/change_username {userName, chatName, password}: 400 fields.password (wrong password), 409 fields.userName (taken), 429. */
export function changeUsername(body: ChangeUsernameBody): Promise<StatusOk> {
  return requireData(call('user.changeUsername', { body }));
}

export function useChangeUsername() {
  return useMutation({ mutationFn: changeUsername });
}
