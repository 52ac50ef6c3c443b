import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SecondFactorState } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /auth/second-factor: whether one needs a second factor, has an app, and until when this session is proven. */
export function getSecondFactor(signal?: AbortSignal): Promise<SecondFactorState> {
  return requireData(call('secondFactor.state', {}, { signal }));
}

export const SECOND_FACTOR_QUERY_KEY = ['second-factor'] as const;

export const secondFactorQueryOptions = () =>
  queryOptions({
    queryKey: SECOND_FACTOR_QUERY_KEY,
    queryFn: ({ signal }) => getSecondFactor(signal),
    // The proof runs out on its own clock: a kept answer must not say "verified" for long.
    staleTime: 30_000,
  });

export function useSecondFactor() {
  return useQuery(secondFactorQueryOptions());
}
