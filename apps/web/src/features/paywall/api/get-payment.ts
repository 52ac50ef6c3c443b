import { queryOptions } from '@tanstack/react-query';
import type { Payment } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /payments/{id}: one of the viewer's own payments (404 for anyone else's). */
export function getPayment(id: string, signal?: AbortSignal): Promise<Payment> {
  return requireData(call('payments.get', { params: { id } }, { signal }));
}

/** Asked again on every poll while the payment is pending (see payment-return.ts), so never kept fresh. */
export const paymentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['payments', 'payment', id] as const,
    queryFn: ({ signal }) => getPayment(id, signal),
    staleTime: 0,
    retry: false,
  });
