import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CoinPackages } from '@velora/shared';
import { api, requireData } from '@/lib/http';

/** GET /payments/coin_packages: the coin packages, priced for the member (451 for law-limited users, SPEC §4). */
export function getCoinPackages(signal?: AbortSignal): Promise<CoinPackages> {
  return requireData(api.get<CoinPackages>('/payments/coin_packages', undefined, signal ? { signal } : undefined));
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
