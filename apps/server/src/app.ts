import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { PRODUCT_NAME, VISIT_ID_HEADER } from '@velora/shared';
import type { AppDeps } from './app-deps';
import { authPlugin } from './plugins/auth';
import { compressionPlugin } from './plugins/compression';
import { errorsPlugin } from './plugins/errors';
import { lawLimitsPlugin } from './plugins/law-limits';
import { realtimePlugin, type RealtimePluginOptions } from './plugins/realtime';
import { spaPlugin } from './plugins/spa';
import { visitIdPlugin } from './plugins/visit-id';
import { ageVerificationRoutes } from './modules/age-verification/age-verification.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { blogRoutes } from './modules/blog/blog.routes';
import { captchaRoutes } from './modules/captcha/captcha.routes';
import { coinsRoutes } from './modules/coins/coins.routes';
import { commentsRoutes } from './modules/comments/comments.routes';
import { companyRoutes } from './modules/company/company.routes';
import { docsRoutes } from './modules/docs/docs.routes';
import { emailVerificationRoutes } from './modules/email-verification/email-verification.routes';
import { favouritesRoutes } from './modules/favourites/favourites.routes';
import { featuresRoutes } from './modules/features/features.routes';
import { feedsRoutes } from './modules/feeds/feeds.routes';
import { healthRoutes } from './modules/health/health.routes';
import { homeRoutes } from './modules/home/home.routes';
import { identityRoutes } from './modules/identity/identity.routes';
import { landingsRoutes } from './modules/landings/landings.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { modelsRoutes } from './modules/models/models.routes';
import { pagesRoutes } from './modules/pages/pages.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { createSessionsService } from './modules/sessions/sessions.service';
import { shootsRoutes } from './modules/shoots/shoots.routes';
import { createUsersService } from './modules/users/users.service';
import { usersRoutes } from './modules/users/users.routes';
import { videosRoutes } from './modules/videos/videos.routes';
import { visitsRoutes } from './modules/visits/visits.routes';

const here = path.dirname(fileURLToPath(import.meta.url));
export const WEB_DIST = path.resolve(here, '../../web/dist');

export interface BuildAppOptions {
  logger?: boolean | object;
  webDist?: string;
  /** Tests use their own Redis key prefix and short intervals. */
  realtime?: Pick<RealtimePluginOptions, 'redisKey' | 'sessionCheckIntervalMs' | 'presence' | 'recoveryWindowMs'>;
  /** Hears every route as it is registered (the endpoint-table test compares them with the table). */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: deps.config.trustProxy,
    // Ids in logs, never in responses.
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // An empty JSON body (a bodiless POST from a client that always sets the type) is no body, not an error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });

  await app.register(errorsPlugin);
  await app.register(compressionPlugin);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: '1.0.0', description: 'Every call the single-page app makes (SPEC §7).' },
      servers: [{ url: '/api' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(visitIdPlugin);
  await app.register(authPlugin, {
    sessions: createSessionsService(deps.db, deps.now),
    now: () => deps.now().getTime(),
    disabledRoles: deps.config.disabledRoles,
  });
  await app.register(lawLimitsPlugin, { lawLimitationsOf: createUsersService(deps.db).lawLimitations });
  await app.register(realtimePlugin, {
    hub: deps.realtime,
    sessions: createSessionsService(deps.db, deps.now),
    rateLimits: deps.rateLimits,
    redisUrl: deps.config.redisUrl,
    redisKey: `${deps.config.redisPrefix}socket.io`,
    ...options.realtime,
  });

  // The client reads the visit id from any response and sends it back (SPEC §7).
  app.addHook('onSend', async (request, reply) => {
    if (request.visitId && !reply.hasHeader(VISIT_ID_HEADER)) void reply.header(VISIT_ID_HEADER, request.visitId);
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(docsRoutes);
      await api.register(visitsRoutes, deps);
      await api.register(authRoutes, deps);
      await api.register(identityRoutes, deps);
      await api.register(usersRoutes, deps);
      await api.register(ageVerificationRoutes, deps);
      await api.register(featuresRoutes, deps);
      await api.register(companyRoutes, deps);
      await api.register(emailVerificationRoutes, deps);
      await api.register(videosRoutes, deps);
      await api.register(commentsRoutes, deps);
      await api.register(modelsRoutes, deps);
      await api.register(shootsRoutes, deps);
      await api.register(favouritesRoutes, deps);
      await api.register(messagesRoutes, deps);
      await api.register(coinsRoutes, deps);
      await api.register(paymentsRoutes, deps);
      await api.register(feedsRoutes, deps);
      await api.register(homeRoutes, deps);
      await api.register(pagesRoutes, deps);
      await api.register(landingsRoutes, deps);
      await api.register(captchaRoutes, deps);
      await api.register(blogRoutes, deps);
    },
    { prefix: '/api' },
  );

  await app.register(mediaRoutes, deps);
  await app.register(spaPlugin, { webDist: options.webDist ?? WEB_DIST });
  return app;
}
