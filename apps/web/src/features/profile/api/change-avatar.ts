import { useMutation } from '@tanstack/react-query';
import type { ChangeAvatarBody, StatusOk } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** POST /user/change_avatar {avatar}: null the default, 0 the picture of the account, 1–40 a chosen one. */
export function changeAvatar(body: ChangeAvatarBody): Promise<StatusOk> {
  return requireData(call('user.changeAvatar', { body }));
}

export function useChangeAvatar() {
  return useMutation({ mutationFn: changeAvatar });
}
