import { useMutation } from '@tanstack/react-query';
import type { AgeVerificationStart } from '@velora/shared';
import { api, requireData } from '@/lib/http';

/** GET /user/verification_age: where to send the member to verify their age (SPEC §7). */
export function startAgeVerification(): Promise<AgeVerificationStart> {
  return requireData(api.get<AgeVerificationStart>('/user/verification_age'));
}

export function useStartAgeVerification() {
  return useMutation({ mutationFn: startAgeVerification });
}
