import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TipBody, TipResult } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { balanceQueryOptions } from './get-balance';

/**
 * POST /coins/tip: coins from the member to a model. The idempotency key makes a retried tip book once; a balance
 * that does not cover it answers 409 INSUFFICIENT_COINS, a law-limited member 451.
 */
export function sendTip(body: TipBody): Promise<TipResult> {
  return requireData(call('coins.tip', { body }));
}

export function useSendTip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTip,
    onSuccess: (result) => queryClient.setQueryData(balanceQueryOptions().queryKey, { coins: result.balance }),
  });
}
