import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody, StatusOk } from '@velora/shared';
import { api, requireData } from '@/lib/http';

export function forgotPassword(body: ForgotPasswordBody): Promise<StatusOk> {
  return requireData(api.post<StatusOk>('/auth/forgot_password', body));
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
