import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody, StatusOk } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export function resetPassword(body: ResetPasswordBody): Promise<StatusOk> {
  return requireData(call('auth.resetPassword', { body }));
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
