import { z } from 'zod';
import { plainLine, unixSeconds } from '@velora/shared';

/**
 * A payment provider: it takes the money on its own hosted page and tells us the outcome by a signed webhook
 * (POST /api/payments/webhook/{name}). Nothing is granted on the browser's return: only a verified event counts.
 *
 * To plug in a real provider: implement this interface (its hosted checkout, its signature scheme in verifyWebhook,
 * its merchant-initiated charge for renewals), add its name to PAYMENT_PROVIDER in config.ts and pick it in
 * paymentProviderFor (payments.service.ts). Its webhook secret is PAYMENT_WEBHOOK_SECRET.
 */
export interface PaymentProvider {
  /** Stored on every payment and subscription; the `{provider}` segment of the webhook URL. */
  readonly name: string;
  /** Starts the provider's checkout for a pending payment: its reference there and where to send the member. */
  createCheckout(payment: ProviderPayment): Promise<{ reference: string; url: string }>;
  /** The event a webhook carries, after checking its signature; throws a WebhookRejected (400) otherwise. */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>, nowMs: number): PaymentEvent;
  /**
   * Charges a renewal with the means of payment the member used for the subscription. The outcome arrives as a
   * webhook like any other. Must be idempotent by `payment.publicId`: the renewal job may ask twice.
   */
  chargeRenewal(payment: ProviderPayment & { subscriptionReference: string | null }): Promise<{ reference: string }>;
}

/** What a provider is told about a payment. */
export interface ProviderPayment {
  publicId: string;
  kind: 'subscription' | 'renewal' | 'coins';
  amountCents: number;
  currency: string;
  /** What is bought, for the provider's page and statement: "1 Month membership", "550 coins". */
  description: string;
  /** Where the browser goes when the checkout is over (a path on this site). */
  returnPath: string;
}

export const PAYMENT_EVENT_TYPES = ['payment.succeeded', 'payment.failed', 'payment.cancelled'] as const;
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];

/** A verified provider event. `id` is the provider's: an event seen before changes nothing (payment_events). */
export interface PaymentEvent {
  id: string;
  type: PaymentEventType;
  /** Our payment's public id. */
  payment: string;
  /** The provider's reference of the payment, when it tells us. */
  reference: string | null;
}

/** The wire format of our own (and the sandbox's) events. */
export const PaymentEventBody = z.object({
  id: z.string().regex(/^[A-Za-z0-9_.:-]{1,128}$/),
  type: z.enum(PAYMENT_EVENT_TYPES),
  created: unixSeconds(),
  data: z.object({
    payment: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    // Stored with the payment: a NUL would reach PostgreSQL as a 500 (decision 031), so it is a rejected event instead.
    reference: z.string().max(200).check(...plainLine()).nullable().optional(),
  }),
});
export type PaymentEventBody = z.infer<typeof PaymentEventBody>;

/** How a provider's webhook reaches our webhook route (the sandbox's in-process delivery). */
export type WebhookDelivery = (request: { path: string; body: string; headers: Record<string, string> }) => Promise<{ statusCode: number; body: string }>;

/**
 * A delivery bound once the app exists: the sandbox provider is built with the services, before the app whose HTTP
 * stack its webhooks go through (buildApp binds it, as the realtime plugin binds the realtime hub).
 */
export interface WebhookRelay {
  deliver: WebhookDelivery;
  bind(delivery: WebhookDelivery): void;
}

export function createWebhookRelay(): WebhookRelay {
  let target: WebhookDelivery | null = null;
  return {
    deliver: (request) => (target ? target(request) : Promise.reject(new Error('Payment webhooks are not bound to the app yet'))),
    bind(delivery) {
      target = delivery;
    },
  };
}

/** A webhook delivery through the app's own HTTP stack: the request is routed, parsed and verified like a provider's. */
export function deliveryThrough(app: { inject: (opts: { method: 'POST'; url: string; payload: string; headers: Record<string, string> }) => PromiseLike<{ statusCode: number; body: string }> }): WebhookDelivery {
  return async ({ path, body, headers }) => {
    const res = await app.inject({ method: 'POST', url: path, payload: body, headers });
    return { statusCode: res.statusCode, body: res.body };
  };
}
