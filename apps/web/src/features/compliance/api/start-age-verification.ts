import { useMutation } from '@tanstack/react-query';
import type { AgeVerificationStart } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /user/verification_age: where to send the member to verify their age (product §7). */
export function startAgeVerification(): Promise<AgeVerificationStart> {
  return requireData(call('compliance.ageVerification.start'));
}

export function useStartAgeVerification() {
  return useMutation({ mutationFn: startAgeVerification });
}
