import type { Payment, TrackEventBody } from '@velora/shared';
import { call } from '@/lib/http/call';
import { reportError } from '@/lib/report-error';

/** POST /track {name, properties} (product §7), for the purchase events of product §3. */
export async function trackEvent(body: TrackEventBody): Promise<void> {
  await call('visits.event', { body });
}

/**
 * The events of a payment that succeeded: success_buy and buy_subscription for a membership, charge_coins for coins.
 * Tracking never stands in the way of the purchase: a failure is reported, nothing else.
 */
export function trackPurchase(payment: Payment): void {
  const properties = {
    payment_id: payment.id,
    kind: payment.kind,
    amount_cents: payment.amount_cents,
    currency: payment.currency,
    ...(payment.plan ? { plan: payment.plan.name, period: payment.plan.period, period_count: payment.plan.period_count } : {}),
    ...(payment.coins !== null ? { coins: payment.coins } : {}),
  };
  const names = payment.kind === 'coins' ? ['charge_coins'] : ['success_buy', 'buy_subscription'];
  for (const name of names) {
    trackEvent({ name, properties }).catch((error: unknown) => reportError(error, { during: 'track purchase', name }));
  }
}
