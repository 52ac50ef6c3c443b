import type { QueryClient } from '@tanstack/react-query';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** The answer of GET /coins/balance (CoinBalance in packages/shared). */
export interface Balance {
  coins: number;
}

/** GET /coins/balance: the member's coins now. */
export function getBalance(signal?: AbortSignal): Promise<Balance> {
  return requireData(call('coins.balance', undefined, { signal }));
}

export const balanceQueryOptions = () =>
  queryOptions({
    queryKey: ['coins', 'balance'] as const,
    queryFn: ({ signal }) => getBalance(signal),
    // Asked fresh whenever a tip is about to be sent: another tab may have spent or bought coins.
    staleTime: 0,
  });

export function useCoinBalance() {
  return useQuery(balanceQueryOptions());
}

/** After coins were bought (elsewhere): the next look at the balance asks again. */
export function invalidateCoinBalance(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: balanceQueryOptions().queryKey });
}
