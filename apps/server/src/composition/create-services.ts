import { drawDemoOriginal } from '../demo/seed-images';
import { createAuditService } from '../modules/audit/audit.service';
import { createAgeVerificationService } from '../modules/age-verification/age-verification.service';
import { createAuthLinksService } from '../modules/auth/auth-links.service';
import { createAuthService } from '../modules/auth/auth.service';
import { createBlogService } from '../modules/blog/blog.service';
import { createCameraChatService } from '../modules/camera-chat/camera-chat.service';
import { createCamerasService } from '../modules/cameras/cameras.service';
import { createInstanceLiveness, type InstanceLivenessOptions } from '../modules/cameras/instance-liveness';
import { createChatSessionsService, type ChatViewerControl } from '../modules/chat-sessions/chat-sessions.service';
import { createCaptchaService } from '../modules/captcha/captcha.service';
import { createTipsService } from '../modules/coins/coins-tips.service';
import { createCoinsService } from '../modules/coins/coins.service';
import { createCommentsService } from '../modules/comments/comments.service';
import { createCompanyService } from '../modules/company/company.service';
import { createEmailVerificationService } from '../modules/email-verification/email-verification.service';
import { createFavouriteListsService } from '../modules/favourite-lists/favourite-lists.service';
import { createFavouritesService } from '../modules/favourites/favourites.service';
import { createFeaturesService } from '../modules/features/features.service';
import { createFeedsService } from '../modules/feeds/feeds.service';
import { createHealthService } from '../modules/health/health.service';
import { createHomeService } from '../modules/home/home.service';
import { createIdentityService } from '../modules/identity/identity.service';
import { createLandingsService } from '../modules/landings/landings.service';
import { createMediaService } from '../modules/media/media.service';
import { createMessagesService } from '../modules/messages/messages.service';
import { createModelsService } from '../modules/models/models.service';
import { createPagesService } from '../modules/pages/pages.service';
import { createWebhookRelay } from '../modules/payments/payment-provider';
import { createPaymentsService, paymentProviderFor } from '../modules/payments/payments.service';
import { createSettingsService } from '../modules/settings/settings.service';
import { playdateReplayKey, playdateReplayPath } from '../lib/playdate-replay-token';
import { createPlaydateRoomsService } from '../modules/playdate-rooms/playdate-rooms.service';
import { createPlaydatesService } from '../modules/playdates/playdates.service';
import { createTeamService } from '../modules/team/team.service';
import { createTagsService } from '../modules/tags/tags.service';
import { createBackofficeBlogService } from '../modules/backoffice-blog/backoffice-blog.service';
import { createBackofficePagesService } from '../modules/backoffice-pages/backoffice-pages.service';
import { createBackofficeVideosService } from '../modules/backoffice-videos/backoffice-videos.service';
import { createBackofficeCatalogService } from '../modules/backoffice-catalog/backoffice-catalog.service';
import { createSecondFactorService } from '../modules/second-factor/second-factor.service';
import { createSessionsService } from '../modules/sessions/sessions.service';
import { createShootsService } from '../modules/shoots/shoots.service';
import { createSubscriptionsService } from '../modules/subscriptions/subscriptions.service';
import { createUsersSettingsService } from '../modules/users/users-settings.service';
import { createUsersService } from '../modules/users/users.service';
import { createVideosService } from '../modules/videos/videos.service';
import { createVisitsService } from '../modules/visits/visits.service';
import type { ChatAccess } from '../modules/chat-sessions/chat-access';
import type { PlaydatesPort } from '../modules/playdates/playdates-port';
import type { MediaServer } from '../modules/live/media-server';
import type { Platform } from '../platform';

/** What the composition root is handed besides the platform: the media server of live cams, once the lead wires it. */
export interface ServiceParts {
  /** The rooms of live cams; without one (no media server in this process) there is no room to end. */
  mediaServer?: Pick<MediaServer, 'endRoom' | 'stats'>;
  /** Closes a member's WHEP viewer sessions of a camera (his paid chat ended); without it there are none to close. */
  viewers?: ChatViewerControl;
  /** Who may read and write in camera chat rooms, standing in for chat sessions' (the camera chat's own tests). */
  chatAccess?: ChatAccess;
  /** How this instance reports that it is alive (tests beat faster). */
  liveness?: InstanceLivenessOptions;
  /** The media server's own health, for readiness; without one readiness says it is not configured. */
  mediaHealth?: MediaServer['health'];
}


/** No media server in this process: no room publishes, none has viewers, ending one is nothing to do. */
const noMediaServer: Pick<MediaServer, 'endRoom' | 'stats'> = {
  endRoom: async () => {},
  stats: (room) => ({ room, publishing: false, source: null, viewers: 0, inboundBitrate: 0, inboundPacketsLost: 0 }),
};

/**
 * The composition root (decision record 021): every service of the server, built once, in the order of the module
 * tiers (tools/server-module-tiers.js), each handed the platform parts and the services it uses. Nothing else calls
 * a createXService: routes, plugins, jobs, the seed and the tests take what they need from here.
 */
export function createServices(platform: Platform, parts: ServiceParts = {}) {
  const { config, db, now, mailer, rateLimits, redis, realtime, mediaUrls, log, jobs } = platform;

  // Tier 0: no other module.
  const health = createHealthService({ db, redis, jobs, ...(parts.mediaHealth ? { media: parts.mediaHealth } : {}) });
  const sessions = createSessionsService({ db, now, realtime, log });
  const audit = createAuditService({ db, now });
  const features = createFeaturesService({ db, now });
  const captcha = createCaptchaService({ config, db, now, rateLimits });
  const favourites = createFavouritesService({ db });
  const subscriptions = createSubscriptionsService({ db });

  // Tier 1.
  // Catalog rows without a stored picture show the demo's generated one (the demo catalog has none stored).
  const media = createMediaService({ config, db, now, mediaUrls, drawMissingOriginal: drawDemoOriginal });
  const comments = createCommentsService({ db, rateLimits, mediaUrls });
  const emailVerification = createEmailVerificationService({ db, config, now, rateLimits, mailer, log });
  const visits = createVisitsService({ db, config, now, rateLimits, features });
  const coins = createCoinsService({ db, now });
  const tips = createTipsService({ config, rateLimits, coins, favourites });
  const settings = createSettingsService({ db, features });

  // Tier 2.
  const blog = createBlogService({ config, db, now, media });
  const landings = createLandingsService({ config, db, media });
  const messages = createMessagesService({ db, now, rateLimits, realtime, mediaUrls, log, media });
  const videos = createVideosService({ db, now, rateLimits, media, favourites, features });
  const tags = createTagsService({ db, media });
  const backofficeVideos = createBackofficeVideosService({ config, db, now, jobs, log, media });
  const users = createUsersService({ db, now, mediaUrls, rateLimits, features, subscriptions, coins });
  const usersSettings = createUsersSettingsService({ db, now, rateLimits, config, mailer, log, sessions });

  // Tier 3.
  const shoots = createShootsService({ db, now, media, videos, favourites });
  const ageVerification = createAgeVerificationService({ db, config, now, users });
  const company = createCompanyService({ db, users, visits, features });
  // The sandbox provider's webhooks go through the app's own HTTP stack: buildApp binds the relay to it.
  const paymentWebhooks = createWebhookRelay();
  const provider = paymentProviderFor({ config, now }, paymentWebhooks.deliver);
  const payments = createPaymentsService({ db, config, now, rateLimits, log, provider, users, visits, features, coins, subscriptions, settings });
  const auth = createAuthService({ db, config, now, rateLimits, mailer, log, sessions, users, messages });
  const authLinks = createAuthLinksService({ db, now, rateLimits, sessions, users });
  const secondFactor = createSecondFactorService({ db, now, config, rateLimits, sessions, usernameOf: users.usernameOf });
  const identity = createIdentityService({ db, config, now, log, messages, users, sessions, features });
  const pages = createPagesService({ db, config, now, rateLimits, mailer, log, captcha, blog, landings });

  // Tier 4.
  const models = createModelsService({ db, now, media, videos, shoots, favourites });
  const feeds = createFeedsService({ shoots, favourites });
  const team = createTeamService({ db, secondFactor });
  const backofficeBlog = createBackofficeBlogService({ config, db, now, media, usernameOf: users.usernameOf });
  const backofficePages = createBackofficePagesService({ db, config, now, pages });

  // Tier 5. The instance's liveness is started by the server (decision record 062): until then it holds no room.
  const instanceLiveness = createInstanceLiveness({ db, now, config, log, jobs, mediaServer: parts.mediaServer ?? noMediaServer }, parts.liveness);
  const cameras = createCamerasService({
    db,
    now,
    config,
    rateLimits,
    realtime,
    mailer,
    log,
    jobs,
    media,
    models,
    users,
    mediaServer: parts.mediaServer ?? noMediaServer,
    instance: instanceLiveness,
  });

  // Tier 6.
  const favouriteLists = createFavouriteListsService({ favourites, models, shoots, videos, cameras });
  const home = createHomeService({ db, now, videos, models, shoots, favourites });
  const backofficeCatalog = createBackofficeCatalogService({ db, now, log, media, cameras });
  const chatSessions = createChatSessionsService({
    db,
    now,
    config,
    rateLimits,
    realtime,
    log,
    jobs,
    coins,
    features,
    users,
    cameras,
    ...(parts.viewers ? { viewers: parts.viewers } : {}),
  });
  // Chat sessions hear what happens to cameras and log-ins, and decide who may watch a paid camera (decision record 037).
  cameras.setPaidWatchGate((cameraId, userIds) => chatSessions.paidWatchers(cameraId, userIds));
  cameras.onShowEnded((cameraId, reason) => chatSessions.showEnded(cameraId, reason));
  cameras.onBackOnAir((cameraId) => chatSessions.backOnAir(cameraId));
  cameras.onSettingsChanged((before, after) => chatSessions.settingsChanged(before, after));
  sessions.onLoggedOut((event) => chatSessions.loggedOut(event));

  // Tier 7. Chat sessions answer who may read and write (chat-sessions/chat-access.ts).
  const cameraChat = createCameraChatService({ db, now, rateLimits, realtime, log, cameras, access: parts.chatAccess ?? chatSessions });
  // A tip from the camera screen is shown in her room while she is live.
  tips.onTipped((tip) => cameraChat.tipBooked(tip));

  // Tier 8. Playdates: requests, held coins, schedules (decision record 040); the rooms (tier 9) use it as their port.
  const playdates = createPlaydatesService({ db, now, realtime, log, mailer, mediaUrls, config, jobs, coins, cameras, media, users, chatSessions, cameraChat });
  // What the rooms (tier 9) are handed: only the port (playdates/playdates-port.ts), which the service is built to.
  const playdatesPort: PlaydatesPort = playdates;
  // Tier 9: the rooms of playdates (media, chat, replay, feedback) through the playdates port (decision record 041).
  const playdateRooms = createPlaydateRoomsService({
    db,
    now,
    config,
    rateLimits,
    realtime,
    log,
    jobs,
    playdates: playdatesPort,
    mediaServer: parts.mediaServer ?? noMediaServer,
  });
  // The room opens and closes with the playdate's status.
  playdatesPort.onStatusChanged((change) => playdateRooms.statusChanged(change));
  // A finished public playdate links to its chat's replay: the token the rooms' replay call checks.
  let replayKey: Buffer | undefined;
  playdates.setReplayPaths((id) => playdateReplayPath((replayKey ??= playdateReplayKey(config)), id));

  return {
    health,
    sessions,
    audit,
    features,
    captcha,
    favourites,
    subscriptions,
    media,
    comments,
    emailVerification,
    visits,
    coins,
    tips,
    settings,
    blog,
    landings,
    messages,
    videos,
    backofficeVideos,
    users,
    usersSettings,
    shoots,
    ageVerification,
    company,
    payments,
    paymentWebhooks,
    auth,
    authLinks,
    secondFactor,
    identity,
    pages,
    models,
    feeds,
    team,
    tags,
    backofficeBlog,
    backofficePages,
    instanceLiveness,
    cameras,
    favouriteLists,
    home,
    backofficeCatalog,
    chatSessions,
    cameraChat,
    playdates,
    playdatesPort,
    playdateRooms,
  };
}

/** Every service of the server, as the composition root built them. */
export type Services = ReturnType<typeof createServices>;
