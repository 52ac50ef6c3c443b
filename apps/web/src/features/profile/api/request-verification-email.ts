import { useMutation } from '@tanstack/react-query';
import type { StatusOk } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** POST /user/verification_email: mails a link that confirms the address; 429 after three an hour. */
export function requestVerificationEmail(): Promise<StatusOk> {
  return requireData(call('user.verificationEmail'));
}

export function useRequestVerificationEmail() {
  return useMutation({ mutationFn: requestVerificationEmail });
}
