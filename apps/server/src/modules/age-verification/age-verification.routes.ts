import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AGE_VERIFICATION_RESULT_PARAM, AgeVerificationStart, ErrorBody } from '@velora/shared';
import { requireAuth } from '../../plugins/auth';
import { SANDBOX_PATH, sandboxProvider } from './age-verification.provider';
import type { AgeVerificationService } from './age-verification.service';
import { SANDBOX_PAGE_HEADERS, sandboxExpiredPage, sandboxPage } from './sandbox-page';

const SessionParam = z.object({ session: z.string().max(200) });
const WELL_FORMED_SESSION = /^[A-Za-z0-9_-]{20,100}$/;
const DecisionBody = z.object({ decision: z.enum(['confirm', 'cancel'], { message: 'Must be confirm or cancel' }) });

/** Where the member lands after the provider: the root with a marker the client turns into a popup (SPEC §2). */
export const returnUrl = (result: 'success' | 'cancelled') => `/?${AGE_VERIFICATION_RESULT_PARAM}=${result}`;

export const ageVerificationRoutes: FastifyPluginAsyncZod<{ ageVerification: AgeVerificationService }> = async (app, { ageVerification: verification }) => {
  app.get('/user/verification_age', {
    config: { access: 'member' },
    schema: {
      tags: ['user'],
      summary: 'Start an age verification: the URL of the provider page to send the member to',
      security: [{ bearer: [] }],
      response: { 200: AgeVerificationStart, 401: ErrorBody, 503: ErrorBody },
    },
    handler: async (request) => verification.start(requireAuth(request).userId),
  });

  if (verification.provider?.name !== sandboxProvider.name) return;

  // The sandbox page posts an HTML form; only these routes accept that encoding.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body.toString())));
  });

  // The routes sit under /api (this plugin's prefix); SANDBOX_PATH is the full path the member's browser uses.
  const relative = SANDBOX_PATH.replace(/^\/api/, '');

  app.get(`${relative}/:session`, {
    config: { access: 'public' },
    schema: {
      tags: ['age-verification'],
      summary: 'The sandbox provider page (HTML): "Confirm I am 18+" or "Cancel"',
      params: SessionParam,
    },
    handler: async (request, reply) => {
      const { session } = request.params;
      const pending = WELL_FORMED_SESSION.test(session) && (await verification.isPending(session));
      void reply.headers(SANDBOX_PAGE_HEADERS);
      if (!pending) return reply.status(404).send(sandboxExpiredPage());
      return reply.send(sandboxPage(`${SANDBOX_PATH}/${encodeURIComponent(session)}/complete`));
    },
  });

  app.post(`${relative}/:session/complete`, {
    config: { access: 'public' },
    schema: {
      tags: ['age-verification'],
      summary: 'The sandbox outcome: confirm marks the member age-verified; both redirect (303) to /?age_verification=…',
      params: SessionParam,
      body: DecisionBody,
    },
    handler: async (request, reply) => {
      const { session } = request.params;
      const outcome = request.body.decision === 'confirm' ? 'verified' : 'cancelled';
      const userId = WELL_FORMED_SESSION.test(session) ? await verification.complete(session, outcome) : null;
      if (userId === null) return reply.status(404).headers(SANDBOX_PAGE_HEADERS).send(sandboxExpiredPage());
      return reply.redirect(returnUrl(outcome === 'verified' ? 'success' : 'cancelled'), 303);
    },
  });
};
