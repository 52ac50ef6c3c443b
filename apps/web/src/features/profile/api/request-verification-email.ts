import { useMutation } from '@tanstack/react-query';
import type { StatusOk } from '@velora/shared';
import { api, requireData } from '@/lib/http';

/** POST /user/verification_email: mails a link that confirms the address; 429 after three an hour. */
export function requestVerificationEmail(): Promise<StatusOk> {
  return requireData(api.post<StatusOk>('/user/verification_email'));
}

export function useRequestVerificationEmail() {
  return useMutation({ mutationFn: requestVerificationEmail });
}
