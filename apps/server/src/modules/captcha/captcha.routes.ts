import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CaptchaChallenge, ErrorBody } from '@velora/shared';
import type { CaptchaService } from './captcha.service';

export const captchaRoutes: FastifyPluginAsyncZod<{ captcha: CaptchaService }> = async (app, { captcha }) => {
  app.get('/captcha/challenge', {
    config: { access: 'public' },
    schema: {
      tags: ['pages'],
      summary: 'A self-hosted proof-of-work captcha challenge (ALTCHA v2)',
      description:
        'Solve it with the altcha widget or `altcha-lib`\'s `solveChallenge` (algorithm SHA-256), then send ' +
        'base64(JSON.stringify({ challenge, solution })) as `captcha` with the contact or report form. A challenge ' +
        'expires after 30 minutes and counts once.',
      response: { 200: CaptchaChallenge, 429: ErrorBody },
    },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return captcha.challenge(request.ip);
    },
  });
};
