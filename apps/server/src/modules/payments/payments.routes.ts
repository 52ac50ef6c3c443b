import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ENDPOINTS } from '@velora/shared';
import { route } from '../../http/register-endpoint';
import { requireAuth } from '../../plugins/auth';
import { isSandbox, type PaymentsService } from './payments.service';
import { SANDBOX_PAGE_HEADERS, sandboxCheckoutPage, sandboxFailurePage, sandboxFinishedPage } from './sandbox-page';
import { sandboxCheckoutPath } from './sandbox-provider';

/** A provider's webhook body is read as the raw text its signature covers; far below this. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

const OUTCOME = { pay: 'succeeded', decline: 'failed', cancel: 'cancelled' } as const;

export const paymentsRoutes: FastifyPluginAsync<{ payments: PaymentsService }> = async (app, { payments }) => {
  const { provider } = payments;
  const buyer = (request: FastifyRequest) => ({ userId: request.auth?.userId ?? null, visitId: request.visitId });

  route(app, ENDPOINTS['payments.plans'], async (request) => payments.plans(buyer(request)));
  route(app, ENDPOINTS['payments.coinPackages'], async (request) => payments.coinPackages(buyer(request)));
  route(app, ENDPOINTS['payments.checkout'], async (request) =>
    payments.checkout({ ...buyer(request), userId: requireAuth(request).userId }, request.body),
  );
  route(app, ENDPOINTS['payments.subscription'], async (request) => payments.subscription(requireAuth(request).userId));
  route(app, ENDPOINTS['payments.subscription.cancel'], async (request) => payments.cancel(requireAuth(request).userId));
  route(app, ENDPOINTS['payments.subscription.resume'], async (request) => payments.resume(requireAuth(request).userId));
  route(app, ENDPOINTS['payments.get'], async (request) => payments.payment(requireAuth(request).userId, request.params.id));

  // The webhook in a scope of its own (the table's bodyEncoding 'raw-json'): its JSON body stays the raw text the provider signed.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    route(scope, ENDPOINTS['payments.webhook'], async (request) =>
      payments.handleWebhook(request.params.provider, typeof request.body === 'string' ? request.body : '', request.headers),
    );
  });

  // The table's registeredWhen: the sandbox pages exist only while the sandbox is the provider.
  if (!isSandbox(provider)) return;

  // The sandbox's hosted checkout page posts an HTML form (bodyEncoding 'json-or-form'); only this scope accepts that encoding.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body.toString())));
    });

    route(scope, ENDPOINTS['payments.sandbox.page'], async (request, reply) => {
      const view = await payments.sandboxCheckout(request.params.id);
      void reply.headers(SANDBOX_PAGE_HEADERS);
      if (!view) return reply.status(404).send(sandboxFinishedPage());
      return reply.send(sandboxCheckoutPage(sandboxCheckoutPath(request.params.id), view));
    });

    route(scope, ENDPOINTS['payments.sandbox.complete'], async (request, reply) => {
      let done: { returnPath: string } | null;
      try {
        done = await payments.sandboxComplete(request.params.id, OUTCOME[request.body.action]);
      } catch (error) {
        request.log.error({ err: error }, 'the sandbox could not deliver its webhook');
        return reply.status(502).headers(SANDBOX_PAGE_HEADERS).send(sandboxFailurePage());
      }
      if (!done) return reply.status(404).headers(SANDBOX_PAGE_HEADERS).send(sandboxFinishedPage());
      return reply.redirect(done.returnPath, 303);
    });
  });
};
