import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Checkout, CheckoutBody, CoinPackages, ErrorBody, MembershipPlans, Payment, PaymentIdParam, SubscriptionResponse } from '@velora/shared';
import { requireAuth } from '../../plugins/auth';
import { isSandbox, type PaymentsService } from './payments.service';
import { SANDBOX_PAGE_HEADERS, sandboxCheckoutPage, sandboxFailurePage, sandboxFinishedPage } from './sandbox-page';
import { SANDBOX_CHECKOUT_PATH } from './sandbox-provider';

const security = [{ bearer: [] }];
const tags = ['payments'];
const errors = { 400: ErrorBody, 401: ErrorBody };

/** A provider's webhook body is read as the raw text its signature covers; far below this. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

const ProviderParam = z.object({ provider: z.string().regex(/^[a-z0-9_-]{1,32}$/, 'Must be a payment provider name') });
const WebhookResult = z.object({ status: z.enum(['processed', 'duplicate', 'ignored']) });
const SandboxAction = z.object({ action: z.enum(['pay', 'decline', 'cancel'], { message: 'Must be pay, decline or cancel' }) });
const OUTCOME = { pay: 'succeeded', decline: 'failed', cancel: 'cancelled' } as const;

/** Buying coins is law-limited (SPEC §4: the coins-charge popup becomes the law-limitation popup); a plan is not. */
const isCoinsCheckout = (request: FastifyRequest) => (request.body as { kind?: unknown } | null | undefined)?.kind === 'coins';

export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (app, { payments }) => {
  const { provider } = payments;
  const buyer = (request: FastifyRequest) => ({ userId: request.auth?.userId ?? null, visitId: request.visitId });

  app.get('/payments/plans', {
    config: { access: 'optional' },
    schema: {
      tags,
      summary: 'The membership plans with their prices for the viewer: discount by feature flags, VAT by the visit\'s country',
      response: { 200: MembershipPlans },
    },
    handler: async (request) => payments.plans(buyer(request)),
  });

  app.get('/payments/coin_packages', {
    config: { access: 'member', lawLimited: true },
    schema: {
      tags,
      summary: 'The coin packages with their prices for the member (451 for law-limited members)',
      security,
      response: { 200: CoinPackages, 401: ErrorBody, 451: ErrorBody },
    },
    handler: async (request) => payments.coinPackages(buyer(request)),
  });

  app.post('/payments/checkout', {
    config: { access: 'member', lawLimited: isCoinsCheckout },
    schema: {
      tags,
      summary: 'Start a payment for a plan or a coin package at the price the lists show; send the member to checkout_url',
      security,
      body: CheckoutBody,
      response: { 201: Checkout, ...errors, 404: ErrorBody, 429: ErrorBody, 451: ErrorBody, 502: ErrorBody, 503: ErrorBody },
    },
    handler: async (request, reply) => reply.status(201).send(await payments.checkout({ ...buyer(request), userId: requireAuth(request).userId }, request.body)),
  });

  app.get('/payments/subscription', {
    config: { access: 'member' },
    schema: {
      tags,
      summary: 'The member\'s running membership subscription, or null',
      security,
      response: { 200: SubscriptionResponse, 401: ErrorBody },
    },
    handler: async (request) => payments.subscription(requireAuth(request).userId),
  });

  app.post('/payments/subscription/cancel', {
    config: { access: 'member' },
    schema: {
      tags,
      summary: 'Stop the renewal: the membership stays until the end of the paid period (idempotent)',
      security,
      response: { 200: SubscriptionResponse, 401: ErrorBody, 404: ErrorBody },
    },
    handler: async (request) => payments.cancel(requireAuth(request).userId),
  });

  app.post('/payments/subscription/resume', {
    config: { access: 'member' },
    schema: {
      tags,
      summary: 'Renew again at the period end after a cancellation (idempotent; 409 once the period is over)',
      security,
      response: { 200: SubscriptionResponse, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (request) => payments.resume(requireAuth(request).userId),
  });

  app.get('/payments/:id', {
    config: { access: 'member' },
    schema: {
      tags,
      summary: 'One of the member\'s own payments, e.g. after returning from the checkout (404 for anyone else\'s)',
      security,
      params: PaymentIdParam,
      response: { 200: Payment, ...errors, 404: ErrorBody },
    },
    handler: async (request) => payments.payment(requireAuth(request).userId, request.params.id),
  });

  // The webhook in a scope of its own: its JSON body stays the raw text the provider signed.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

    scope.post('/payments/webhook/:provider', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A payment provider\'s signed event (velora-signature: t=…,v1=…); applied once per event id',
        params: ProviderParam,
        response: { 200: WebhookResult, 400: ErrorBody, 404: ErrorBody },
      },
      handler: async (request) => payments.handleWebhook(request.params.provider, typeof request.body === 'string' ? request.body : '', request.headers),
    });
  });

  if (!isSandbox(provider)) return;

  // The sandbox's hosted checkout page posts an HTML form; only this scope accepts that encoding.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body.toString())));
    });
    // Registered under /api (this plugin's prefix); SANDBOX_CHECKOUT_PATH is the full path the browser uses.
    const relative = SANDBOX_CHECKOUT_PATH.replace(/^\/api/, '');

    scope.get(`${relative}/:id`, {
      config: { access: 'public' },
      schema: { tags: ['payments-sandbox'], summary: 'The sandbox provider\'s checkout page (HTML): Pay, Decline or Cancel', params: PaymentIdParam },
      handler: async (request, reply) => {
        const view = await payments.sandboxCheckout(request.params.id);
        void reply.headers(SANDBOX_PAGE_HEADERS);
        if (!view) return reply.status(404).send(sandboxFinishedPage());
        return reply.send(sandboxCheckoutPage(`${SANDBOX_CHECKOUT_PATH}/${encodeURIComponent(request.params.id)}`, view));
      },
    });

    scope.post(`${relative}/:id`, {
      config: { access: 'public' },
      schema: {
        tags: ['payments-sandbox'],
        summary: 'A sandbox button: sends the signed webhook of the outcome, then redirects (303) back to the site',
        params: PaymentIdParam,
        body: SandboxAction,
      },
      handler: async (request, reply) => {
        let done: { returnPath: string } | null;
        try {
          done = await payments.sandboxComplete(request.params.id, OUTCOME[request.body.action]);
        } catch (error) {
          request.log.error({ err: error }, 'the sandbox could not deliver its webhook');
          return reply.status(502).headers(SANDBOX_PAGE_HEADERS).send(sandboxFailurePage());
        }
        if (!done) return reply.status(404).headers(SANDBOX_PAGE_HEADERS).send(sandboxFinishedPage());
        return reply.redirect(done.returnPath, 303);
      },
    });
  });
};
