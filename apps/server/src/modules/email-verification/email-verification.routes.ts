import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@velora/shared';
import { route } from '../../http/register-endpoint';
import { requireAuth } from '../../plugins/auth';
import type { EmailVerificationService } from './email-verification.service';

/** The double opt-in (product §4, §7): a member asks for a confirmation link; the link confirms the address. */
export const emailVerificationRoutes: FastifyPluginAsync<{ emailVerification: EmailVerificationService }> = async (app, { emailVerification: verification }) => {
  route(app, ENDPOINTS['user.verificationEmail'], async (request) => {
    await verification.requestConfirmation(requireAuth(request).userId);
    return { status: 'ok' as const };
  });

  route(app, ENDPOINTS['user.confirmEmail'], async (request) => {
    await verification.confirm(request.body.token);
    return { status: 'ok' as const };
  });
};
