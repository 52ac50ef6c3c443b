import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { PRODUCT_NAME, VISIT_ID_HEADER } from '@velora/shared';
import type { Services } from './composition/create-services';
import { openapiTransform, openapiTransformObject } from './http/openapi-document';
import { serializeFrozenOnce } from './http/serialize-frozen-once';
import type { Live } from './composition/live';
import type { Platform } from './platform';
import { authPlugin } from './plugins/auth';
import { compressionPlugin } from './plugins/compression';
import { errorsPlugin, frameworkErrorsWith } from './plugins/errors';
import { idempotencyPlugin } from './plugins/idempotency';
import { lawLimitsPlugin } from './plugins/law-limits';
import { realtimePlugin, type RealtimePluginOptions } from './plugins/realtime';
import { clientAddressOf } from './plugins/realtime-address-cap';
import { securityHeadersFor, securityHeadersPlugin } from './plugins/security-headers';
import { spaPlugin } from './plugins/spa';
import { visitIdPlugin } from './plugins/visit-id';
import { ageVerificationRoutes } from './modules/age-verification/age-verification.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { secondFactorRoutes } from './modules/second-factor/second-factor.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { teamRoutes } from './modules/team/team.routes';
import { tagsRoutes } from './modules/tags/tags.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { backofficeBlogRoutes } from './modules/backoffice-blog/backoffice-blog.routes';
import { backofficePagesRoutes } from './modules/backoffice-pages/backoffice-pages.routes';
import { backofficeVideosRoutes } from './modules/backoffice-videos/backoffice-videos.routes';
import { videoUploadRoutes } from './modules/backoffice-videos/video-upload.routes';
import { backofficeCatalogRoutes } from './modules/backoffice-catalog/backoffice-catalog.routes';
import type { AuditRecord } from './http/audited-endpoint';
import { blogRoutes } from './modules/blog/blog.routes';
import { cameraChatRoutes } from './modules/camera-chat/camera-chat.routes';
import { camerasRoutes } from './modules/cameras/cameras.routes';
import { chatSessionsRoutes } from './modules/chat-sessions/chat-sessions.routes';
import { playdatesRoutes } from './modules/playdates/playdates.routes';
import { captchaRoutes } from './modules/captcha/captcha.routes';
import { coinsRoutes } from './modules/coins/coins.routes';
import { commentsRoutes } from './modules/comments/comments.routes';
import { companyRoutes } from './modules/company/company.routes';
import { docsRoutes } from './modules/docs/docs.routes';
import { emailVerificationRoutes } from './modules/email-verification/email-verification.routes';
import { favouriteListsRoutes } from './modules/favourite-lists/favourite-lists.routes';
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
import { deliveryThrough } from './modules/payments/payment-provider';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { playdateRoomsRoutes } from './modules/playdate-rooms/playdate-rooms.routes';
import { shootsRoutes } from './modules/shoots/shoots.routes';
import { usersRoutes } from './modules/users/users.routes';
import { videosRoutes } from './modules/videos/videos.routes';
import { visitsRoutes } from './modules/visits/visits.routes';

const here = path.dirname(fileURLToPath(import.meta.url));
export const WEB_DIST = path.resolve(here, '../../web/dist');

export interface BuildAppOptions {
  webDist?: string;
  /** Tests use their own Redis key prefix and short intervals. */
  realtime?: Pick<RealtimePluginOptions, 'redisKey' | 'sessionCheckIntervalMs' | 'presence' | 'recoveryWindowMs'>;
  /** Hears every route as it is registered (the endpoint-table test compares them with the table). */
  onRoute?: (route: RouteOptions) => void;
  /** Live cams' media routes under /live (composition/live.ts); without it the app has none (most tests). */
  live?: Pick<Live, 'registerRoutes'>;
}

/**
 * The Fastify app over the services of the composition root (composition/create-services.ts): route plugins and the
 * auth, law-limits and realtime plugins take the services they use from `services`, and build none. It logs through
 * the platform's logger.
 */
export async function buildApp(platform: Platform, services: Services, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { config } = platform;
  const webDist = options.webDist ?? WEB_DIST;
  const securityHeaders = securityHeadersFor({ production: config.nodeEnv === 'production', publicUrl: config.publicUrl, cdnUrl: config.cdnUrl, webDist });
  const app = Fastify({
    loggerInstance: platform.log,
    bodyLimit: 1024 * 1024,
    // Only the proxy in front is trusted: the client address is the last X-Forwarded-For entry, the one it added.
    // Trusting every hop (true) would take the first entry, which the client writes itself, and let it pose as a new
    // address to every per-address limit. (A bare hop count fails closed in Fastify 5: it trusts nothing.)
    trustProxy: config.trustProxy ? (_address: string, hop: number) => hop === 0 : false,
    // Ids in logs, never in responses.
    genReqId: () => crypto.randomUUID(),
    frameworkErrors: frameworkErrorsWith(securityHeaders),
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  // Kept answers are frozen: their JSON is written once (decision record 058).
  app.setSerializerCompiler(serializeFrozenOnce(serializerCompiler));

  // An empty JSON body (a bodiless POST from a client that always sets the type) is no body, not an error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });

  // The route layer audits every back-office and studio write through this (http/audited-endpoint.ts).
  app.decorate('auditLog', (entry: AuditRecord) => services.audit.record(entry));
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, { apply: securityHeaders });
  await app.register(compressionPlugin);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `${PRODUCT_NAME} API`, version: '1.0.0', description: 'Every call the single-page app makes (product §7).' },
      servers: [{ url: '/api' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: openapiTransform,
    transformObject: openapiTransformObject,
  });
  await app.register(visitIdPlugin);
  await app.register(authPlugin, {
    sessions: services.sessions,
    now: () => platform.now().getTime(),
    disabledRoles: config.disabledRoles,
  });
  await app.register(lawLimitsPlugin, { lawLimitationsOf: services.users.lawLimitations });
  await app.register(idempotencyPlugin, { db: platform.db, now: platform.now });
  await app.register(realtimePlugin, {
    hub: platform.realtime,
    sessions: services.sessions,
    rateLimits: platform.rateLimits,
    redis: platform.redis,
    redisKey: `${config.redisPrefix}socket.io`,
    securityHeaders,
    connectionsPerAddress: config.realtimeConnectionsPerAddress,
    addressOf: clientAddressOf(config.trustProxy),
    ...options.realtime,
  });
  // The sandbox provider's webhooks reach the webhook route through this app, exactly as a provider's request arrives.
  services.paymentWebhooks.bind(deliveryThrough(app));

  // The client reads the visit id from any response and sends it back (product §7).
  app.addHook('onSend', async (request, reply) => {
    if (request.visitId && !reply.hasHeader(VISIT_ID_HEADER)) void reply.header(VISIT_ID_HEADER, request.visitId);
  });

  // Each route plugin takes the services it names; the users routes also read the config's disabled roles.
  const routes = { ...services, config };
  await app.register(
    async (api) => {
      await api.register(healthRoutes, routes);
      await api.register(docsRoutes);
      await api.register(visitsRoutes, routes);
      await api.register(authRoutes, routes);
      await api.register(secondFactorRoutes, routes);
      await api.register(auditRoutes, routes);
      await api.register(teamRoutes, routes);
      await api.register(tagsRoutes, routes);
      await api.register(settingsRoutes, routes);
      await api.register(backofficeBlogRoutes, routes);
      await api.register(backofficePagesRoutes, routes);
      await api.register(backofficeVideosRoutes, routes);
      await api.register(backofficeCatalogRoutes, routes);
      await api.register(identityRoutes, routes);
      await api.register(usersRoutes, routes);
      await api.register(ageVerificationRoutes, routes);
      await api.register(featuresRoutes, routes);
      await api.register(companyRoutes, routes);
      await api.register(emailVerificationRoutes, routes);
      await api.register(videosRoutes, routes);
      await api.register(commentsRoutes, routes);
      await api.register(modelsRoutes, routes);
      await api.register(shootsRoutes, routes);
      await api.register(favouritesRoutes, routes);
      await api.register(favouriteListsRoutes, routes);
      // Cameras also declare their realtime room kind.
      await api.register(camerasRoutes, { ...routes, realtime: platform.realtime });
      await api.register(chatSessionsRoutes, { ...routes, realtime: platform.realtime });
      // Camera chat also declares its realtime send event.
      await api.register(cameraChatRoutes, { ...routes, realtime: platform.realtime });
      // The rooms of playdates also declare their realtime room kind and chat event.
      await api.register(playdateRoomsRoutes, { ...routes, realtime: platform.realtime });
      await api.register(playdatesRoutes, routes);
      await api.register(messagesRoutes, routes);
      await api.register(coinsRoutes, routes);
      await api.register(paymentsRoutes, routes);
      await api.register(feedsRoutes, routes);
      await api.register(homeRoutes, routes);
      await api.register(pagesRoutes, routes);
      await api.register(landingsRoutes, routes);
      await api.register(captchaRoutes, routes);
      await api.register(blogRoutes, routes);
    },
    { prefix: '/api' },
  );

  await app.register(mediaRoutes, services);
  // The tus upload of video sources, at /api/backoffice/uploads (its full path: it is no entry of the table).
  await app.register(videoUploadRoutes, routes);
  if (options.live) await options.live.registerRoutes(app, [services.cameras, services.playdateRooms], services.cameras);
  await app.register(spaPlugin, { webDist });
  return app;
}
