import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentHistory } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /user/get_payment_history?page: what the member paid and what their coins did, newest first. */
export function getPaymentHistory(page: number, signal?: AbortSignal): Promise<PaymentHistory> {
  return requireData(call('coins.history', { query: { page } }, { signal }));
}

/** Every page shares this prefix, so a new payment refreshes them all. */
export const PAYMENT_HISTORY_QUERY_PREFIX = ['payments', 'history'] as const;

export const paymentHistoryQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...PAYMENT_HISTORY_QUERY_PREFIX, page] as const,
    queryFn: ({ signal }) => getPaymentHistory(page, signal),
    placeholderData: keepPreviousData,
  });

export function usePaymentHistory(page: number) {
  return useQuery(paymentHistoryQueryOptions(page));
}
