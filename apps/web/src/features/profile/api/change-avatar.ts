import { useMutation } from '@tanstack/react-query';
import type { ChangeAvatarBody, StatusOk } from '@velora/shared';
import { api, requireData } from '@/lib/http';

/** POST /user/change_avatar {avatar}: null the default, 0 the picture of the account, 1–40 a chosen one. */
export function changeAvatar(body: ChangeAvatarBody): Promise<StatusOk> {
  return requireData(api.post<StatusOk>('/user/change_avatar', body));
}

export function useChangeAvatar() {
  return useMutation({ mutationFn: changeAvatar });
}
