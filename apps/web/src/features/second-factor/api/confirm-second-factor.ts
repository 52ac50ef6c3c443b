import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodes } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { SECOND_FACTOR_QUERY_KEY } from './get-second-factor';

/** POST /auth/second-factor/confirm: the app's first code; answers the recovery codes, shown once. */
export function confirmSecondFactor(code: string): Promise<RecoveryCodes> {
  return requireData(call('secondFactor.confirm', { body: { code } }));
}

/** The state is refetched only when the person has seen the codes (the set-up screen asks it to). */
export function useConfirmSecondFactor() {
  return useMutation({ mutationFn: confirmSecondFactor });
}

export function useSecondFactorDone() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: SECOND_FACTOR_QUERY_KEY }), queryClient.invalidateQueries({ queryKey: ['profile'] })]);
}
