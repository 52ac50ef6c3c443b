import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MembershipPlans } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /payments/plans: the membership plans, priced for the viewer (discount, then VAT of their country). */
export function getPlans(signal?: AbortSignal): Promise<MembershipPlans> {
  return requireData(call('payments.plans', undefined, { signal }));
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
