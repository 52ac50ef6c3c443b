import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodes } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { SECOND_FACTOR_QUERY_KEY } from './get-second-factor';

/** POST /auth/second-factor/recovery-codes: new codes for a current code of the app; the old ones stop working. */
export function newRecoveryCodes(code: string): Promise<RecoveryCodes> {
  return requireData(call('secondFactor.recoveryCodes', { body: { code } }));
}

export function useNewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: newRecoveryCodes, onSuccess: () => queryClient.invalidateQueries({ queryKey: SECOND_FACTOR_QUERY_KEY }) });
}
