import { useMutation } from '@tanstack/react-query';
import type { StatusOk } from '@velora/shared';
import { api, requireData } from '@/lib/http';

/** POST /user/verification_email: mails the member a link that confirms their address (double opt-in). */
export function requestVerificationEmail(): Promise<StatusOk> {
  return requireData(api.post<StatusOk>('/user/verification_email'));
}

export function useRequestVerificationEmail() {
  return useMutation({ mutationFn: requestVerificationEmail });
}
