import type { FastifyPluginAsync } from 'fastify';
import { AGE_VERIFICATION_RESULT_PARAM, ENDPOINTS } from '@velora/shared';
import { route } from '../../http/register-endpoint';
import { requireAuth } from '../../plugins/auth';
import { sandboxProvider, sandboxUrl } from './age-verification.provider';
import type { AgeVerificationService } from './age-verification.service';
import { SANDBOX_PAGE_HEADERS, sandboxExpiredPage, sandboxPage } from './sandbox-page';

const WELL_FORMED_SESSION = /^[A-Za-z0-9_-]{20,100}$/;

/** Where the member lands after the provider: the root with a marker the client turns into a popup (product §2). */
export const returnUrl = (result: 'success' | 'cancelled') => `/?${AGE_VERIFICATION_RESULT_PARAM}=${result}`;

export const ageVerificationRoutes: FastifyPluginAsync<{ ageVerification: AgeVerificationService }> = async (app, { ageVerification: verification }) => {
  route(app, ENDPOINTS['compliance.ageVerification.start'], async (request) => verification.start(requireAuth(request).userId));

  // The table's registeredWhen: the sandbox pages exist only while the sandbox is the provider.
  if (verification.provider?.name !== sandboxProvider.name) return;

  // The sandbox page posts an HTML form (the table's bodyEncoding json-or-form); only these routes accept that encoding.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body.toString())));
  });

  route(app, ENDPOINTS['compliance.ageVerification.sandboxPage'], async (request, reply) => {
    const { session } = request.params;
    const pending = WELL_FORMED_SESSION.test(session) && (await verification.isPending(session));
    void reply.headers(SANDBOX_PAGE_HEADERS);
    if (!pending) return reply.status(404).send(sandboxExpiredPage());
    return reply.send(sandboxPage(sandboxUrl('sandboxComplete', session)));
  });

  route(app, ENDPOINTS['compliance.ageVerification.sandboxComplete'], async (request, reply) => {
    const { session } = request.params;
    const outcome = request.body.decision === 'confirm' ? 'verified' : 'cancelled';
    const userId = WELL_FORMED_SESSION.test(session) ? await verification.complete(session, outcome) : null;
    if (userId === null) return reply.status(404).headers(SANDBOX_PAGE_HEADERS).send(sandboxExpiredPage());
    return reply.redirect(returnUrl(outcome === 'verified' ? 'success' : 'cancelled'), 303);
  });
};
