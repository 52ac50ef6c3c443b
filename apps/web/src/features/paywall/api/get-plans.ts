import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MembershipPlans } from '@velora/shared';
import { api, requireData } from '@/lib/http';

/** GET /payments/plans: the membership plans, priced for the viewer (discount, then VAT of their country). */
export function getPlans(signal?: AbortSignal): Promise<MembershipPlans> {
  return requireData(api.get<MembershipPlans>('/payments/plans', undefined, signal ? { signal } : undefined));
}

export const plansQueryOptions = () =>
  queryOptions({
    queryKey: ['payments', 'plans'] as const,
    queryFn: ({ signal }) => getPlans(signal),
    staleTime: 60_000,
  });

export function usePlans() {
  return useQuery(plansQueryOptions());
}
