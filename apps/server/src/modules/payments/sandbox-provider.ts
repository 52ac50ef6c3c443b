import { API_PREFIX, ENDPOINTS, endpointPath } from '@velora/shared';
import { PaymentEventBody, type PaymentEventType, type PaymentProvider, type WebhookDelivery } from './payment-provider';
import { SIGNATURE_HEADER, WebhookRejected, signWebhook, verifyWebhookSignature } from './webhook-signature';

/** The sandbox's hosted checkout page of a payment (under /api, so the development proxy serves it too). */
export const sandboxCheckoutPath = (publicId: string) => `${API_PREFIX}${endpointPath(ENDPOINTS['payments.sandbox.page'], { id: publicId })}`;
export const webhookPath = (provider: string) => `${API_PREFIX}${endpointPath(ENDPOINTS['payments.webhook'], { provider })}`;

export type SandboxOutcome = 'succeeded' | 'failed' | 'cancelled';

export interface SandboxProvider extends PaymentProvider {
  /**
   * What a button of the sandbox page does: the sandbox, as a provider would, sends the signed event of the outcome
   * to our webhook. The event id is the payment's and the outcome's, so pressing twice sends one event twice.
   */
  complete(publicId: string, outcome: SandboxOutcome): Promise<{ statusCode: number }>;
}

/**
 * The built-in sandbox provider: every card "works", nothing is charged. For development and demos; a live site sets
 * PAYMENT_PROVIDER to a real provider (or none). Its webhooks take the same route and the same checks as a real
 * provider's: signed with the webhook secret, delivered through the HTTP stack.
 */
export function createSandboxProvider(opts: { secret: string; now: () => Date; deliver: WebhookDelivery }): SandboxProvider {
  const name = 'sandbox';
  const reference = (publicId: string) => `sbx_${publicId}`;

  async function send(publicId: string, outcome: SandboxOutcome) {
    const type: PaymentEventType = `payment.${outcome}`;
    const created = Math.floor(opts.now().getTime() / 1000);
    const body = JSON.stringify({ id: `evt_${publicId}_${outcome}`, type, created, data: { payment: publicId, reference: reference(publicId) } } satisfies PaymentEventBody);
    const res = await opts.deliver({
      path: webhookPath(name),
      body,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(opts.secret, body, created) },
    });
    return { statusCode: res.statusCode };
  }

  return {
    name,
    // Relative: the page is served by the same origin as the API, whichever of the site's domains the member is on.
    createCheckout: async (payment) => ({ reference: reference(payment.publicId), url: sandboxCheckoutPath(payment.publicId) }),

    verifyWebhook(rawBody, headers, nowMs) {
      verifyWebhookSignature(opts.secret, headers[SIGNATURE_HEADER], rawBody, nowMs);
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        throw new WebhookRejected('the body is not JSON');
      }
      const parsed = PaymentEventBody.safeParse(json);
      if (!parsed.success) throw new WebhookRejected('the body is not a payment event');
      const { id, type, data } = parsed.data;
      return { id, type, payment: data.payment, reference: data.reference ?? null };
    },

    // The sandbox's stored card always works.
    async chargeRenewal(payment) {
      const res = await send(payment.publicId, 'succeeded');
      if (res.statusCode >= 300) throw new Error(`The sandbox renewal webhook was answered with ${res.statusCode}`);
      return { reference: reference(payment.publicId) };
    },

    complete: send,
  };
}
