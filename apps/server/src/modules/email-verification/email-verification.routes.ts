import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ConfirmEmailBody, ErrorBody, StatusOk } from '@velora/shared';
import { requireAuth } from '../../plugins/auth';
import type { EmailVerificationService } from './email-verification.service';

/** The double opt-in (SPEC §4, §7): a member asks for a confirmation link; the link confirms the address. */
export const emailVerificationRoutes: FastifyPluginAsyncZod<{ emailVerification: EmailVerificationService }> = async (app, { emailVerification: verification }) => {
  app.post('/user/verification_email', {
    config: { access: 'member' },
    schema: {
      tags: ['user'],
      summary: 'Mail a single-use link (7 days) that confirms the email address of the account',
      security: [{ bearer: [] }],
      response: { 200: StatusOk, 401: ErrorBody, 429: ErrorBody },
    },
    handler: async (request) => {
      await verification.requestConfirmation(requireAuth(request).userId);
      return { status: 'ok' as const };
    },
  });

  app.post('/user/confirm_email', {
    config: { access: 'public' },
    schema: {
      tags: ['user'],
      summary: 'Confirm an email address with the token of the mailed link (single use)',
      body: ConfirmEmailBody,
      response: { 200: StatusOk, 400: ErrorBody },
    },
    handler: async (request) => {
      await verification.confirm(request.body.token);
      return { status: 'ok' as const };
    },
  });
};
