import { useMutation } from '@tanstack/react-query';
import type { Checkout, CheckoutBody } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { leavePage } from '@/lib/leave-page';

/** POST /payments/checkout: starts a payment of a plan or a coin package at the payment provider. */
export function startCheckout(body: CheckoutBody): Promise<Checkout> {
  return requireData(call('payments.checkout', { body }));
}

/**
 * Starts the checkout and sends the browser to the provider's hosted page; the provider sends it back to
 * `/paywall?payment={id}` (membership) or `/?payment={id}` (coins), where the payment return takes over.
 */
export function useStartCheckout() {
  return useMutation({
    mutationFn: startCheckout,
    onSuccess: ({ checkout_url }) => leavePage(checkout_url),
  });
}
