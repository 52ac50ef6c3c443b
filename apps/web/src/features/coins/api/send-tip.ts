import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER, type TipBody, type TipResult } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { balanceQueryOptions } from './get-balance';

/**
 * POST /coins/tip: coins from the member to a model. The idempotency key makes a retried tip book once; a balance
 * that does not cover it answers 409 INSUFFICIENT_COINS, a law-limited member 451.
 */
export function sendTip(body: TipBody): Promise<TipResult> {
  // The body's key is the Idempotency-Key too: the server takes both only when they agree (decision record 030).
  const key = body.idempotency_key;
  return requireData(call('coins.tip', { body }, key === undefined ? undefined : { headers: { [IDEMPOTENCY_KEY_HEADER]: key } }));
}

export function useSendTip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTip,
    onSuccess: (result) => queryClient.setQueryData(balanceQueryOptions().queryKey, { coins: result.balance }),
  });
}
