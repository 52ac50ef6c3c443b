import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CoinPackages } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /payments/coin_packages: the coin packages, priced for the member (451 for law-limited users, product §4). */
export function getCoinPackages(signal?: AbortSignal): Promise<CoinPackages> {
  return requireData(call('payments.coinPackages', undefined, { signal }));
}

export const coinPackagesQueryOptions = () =>
  queryOptions({
    queryKey: ['payments', 'coin-packages'] as const,
    queryFn: ({ signal }) => getCoinPackages(signal),
    staleTime: 60_000,
  });

export function useCoinPackages() {
  return useQuery(coinPackagesQueryOptions());
}
