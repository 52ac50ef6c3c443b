import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody, StatusOk } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export function forgotPassword(body: ForgotPasswordBody): Promise<StatusOk> {
  return requireData(call('auth.forgotPassword', { body }));
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
