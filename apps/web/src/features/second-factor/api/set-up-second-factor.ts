import { useMutation } from '@tanstack/react-query';
import type { SecondFactorSetup } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** POST /auth/second-factor/setup: a new secret for an authenticator app, with its QR code. */
export function setUpSecondFactor(): Promise<SecondFactorSetup> {
  return requireData(call('secondFactor.setup'));
}

export function useSetUpSecondFactor() {
  return useMutation({ mutationFn: setUpSecondFactor });
}
