import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@velora/shared';
import { route } from '../../http/register-endpoint';
import type { CaptchaService } from './captcha.service';

export const captchaRoutes: FastifyPluginAsync<{ captcha: CaptchaService }> = async (app, { captcha }) => {
  route(app, ENDPOINTS['pages.captcha'], async (request, reply) => {
    // A challenge counts once: no cache may hand the same one to two people.
    void reply.header('cache-control', 'no-store');
    return captcha.challenge(request.ip);
  });
};
