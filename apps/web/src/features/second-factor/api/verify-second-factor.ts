import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SecondFactorState } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { SECOND_FACTOR_QUERY_KEY } from './get-second-factor';

/** POST /auth/second-factor/verify: proves this session with a code of the app or a recovery code. */
export function verifySecondFactor(code: string): Promise<SecondFactorState> {
  return requireData(call('secondFactor.verify', { body: { code } }));
}

export function useVerifySecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySecondFactor,
    onSuccess: async (state) => {
      queryClient.setQueryData(SECOND_FACTOR_QUERY_KEY, state);
      // Every staff answer fetched before the proof was a refusal: fetch them again.
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== SECOND_FACTOR_QUERY_KEY[0] });
    },
  });
}
