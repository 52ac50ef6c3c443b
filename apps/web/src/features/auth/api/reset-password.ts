import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody, StatusOk } from '@velora/shared';
import { api, requireData } from '@/lib/http';

export function resetPassword(body: ResetPasswordBody): Promise<StatusOk> {
  return requireData(api.post<StatusOk>('/auth/reset_password', body));
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
