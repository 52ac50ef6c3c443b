import { useMutation } from '@tanstack/react-query';
import type { StatusOk } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** POST /user/verification_email: mails the member a link that confirms their address (double opt-in). */
export function requestVerificationEmail(): Promise<StatusOk> {
  return requireData(call('user.verificationEmail'));
}

export function useRequestVerificationEmail() {
  return useMutation({ mutationFn: requestVerificationEmail });
}
