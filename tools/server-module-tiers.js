// The tiers of the server's modules (apps/server/src/modules/<name>/), decision record 021. A module imports only
// modules of lower tiers (type-only imports count too), so the module graph has no cycle and the composition root
// (apps/server/src/composition/create-services.ts) can build each service once, tier by tier.
//
// A new module goes in the lowest tier above every module it imports. If it needs a module of its own tier or above,
// move what both need down (into a lower-tier module, lib/ or packages/shared), or let the composition root pass it in.

export const SERVER_MODULE_TIERS = [
  // 0: no other module (live: the media server behind /live).
  ['audit', 'captcha', 'docs', 'favourites', 'features', 'health', 'live', 'sessions', 'subscriptions'],
  // 1: the session context, flags, favourites; media, the coin ledger and tips, visits; site settings (flags, prices, VAT).
  ['coins', 'comments', 'email-verification', 'media', 'settings', 'visits'],
  // 2: people and the catalog's videos; the back office's videos (uploads, transcodes through media's jobs), tags
  // (covers from media) and the writer's blog screen (media for covers, a username passed in).
  ['backoffice-blog', 'backoffice-videos', 'blog', 'landings', 'messages', 'tags', 'users', 'videos'],
  // 3: what composes people, messages and videos.
  ['age-verification', 'auth', 'company', 'identity', 'pages', 'payments', 'second-factor', 'shoots'],
  // 4: models (their videos and shoots), feeds (shoots), the team (two-factor resets), the back office's pages (pages' meta).
  ['backoffice-pages', 'feeds', 'models', 'team'],
  // 5: live cams (a model's camera shows her shoots and videos).
  ['cameras'],
  // 6: the pages that gather the whole catalog; chat sessions on cameras (paid minutes, bans, kicks); the back office's
  // catalog (a model's camera through the cameras service).
  ['backoffice-catalog', 'chat-sessions', 'favourite-lists', 'home'],
  // 7: camera chat messages (who may write is a chat session's question).
  ['camera-chat'],
  // 8: playdates (requests, held coins, schedules; reminders in camera chat).
  ['playdates'],
  // 9: the rooms of playdates (media, chat, replay, feedback), through the playdates port.
  ['playdate-rooms'],
];

/** Module name → tier. */
export const TIER_OF = new Map(SERVER_MODULE_TIERS.flatMap((names, tier) => names.map((name) => [name, tier])));
