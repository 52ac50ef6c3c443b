import { useMutation } from '@tanstack/react-query';
import type { ChangeUsernameBody, StatusOk } from '@velora/shared';
import { api, requireData } from '@/lib/http';

/** POST /user/change_username {userName, chatName, password}: 400 fields.password (wrong password), 409 fields.userName (taken), 429. */
export function changeUsername(body: ChangeUsernameBody): Promise<StatusOk> {
  return requireData(api.post<StatusOk>('/user/change_username', body));
}

export function useChangeUsername() {
  return useMutation({ mutationFn: changeUsername });
}
