// Business constants of product §9 (and the names of §2, §3, §4), shared by server and web.

export const PRODUCT_NAME = 'Velora';

export const LANGUAGES = ['en', 'de', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** The BCP 47 tag used for the page language marker. */
export const LANGUAGE_TAGS: Record<Language, string> = { en: 'en-US', de: 'de-DE', fr: 'fr-FR' };

export const REQUEST_RETRY_LIMIT = 5;
export const REQUEST_RETRY_DELAY_MS = 150;
export const SCROLL_TO_TOP_DELAY_MS = 100;
export const SCROLL_RESTORE_DELAY_MS = 110;
export const SCROLL_POSITIONS_KEPT = 2;

export const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a log-in lasts (the server's session, the access-token cookie): the two must match. */
export const SESSION_LIFETIME_DAYS = 30;
export const COOKIE_LIFETIME_DAYS = {
  default: 1,
  preference: 365,
  storageFallback: 365,
  roleDisable: 14,
  // The access token's cookie lives as long as the token: its expires_at, else a whole session.
  identity: SESSION_LIFETIME_DAYS,
} as const;

export const SESSION_TIMEOUT_MS = 1_800_000;

export const PLAYER_DEFAULTS = { quality: 'auto', volume: 1, autoplay: true } as const;

export const EU_COUNTRIES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE',
  'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'GB',
] as const;
export const LAW_LIMITATION_COUNTRIES = ['SE'] as const;
/** US regions where logged-out visitors without age verification see the restriction popup (product §4). */
export const LAW_RESTRICTED_REGIONS = [
  'texas', 'alabama', 'florida', 'indiana', 'kansas', 'louisiana', 'tennessee', 'oklahoma',
] as const;
/** Countries whose visitors get German by default; everyone else is "international" (product §1). */
export const GERMAN_SPEAKING_COUNTRIES = ['DE', 'AT', 'CH', 'LI'] as const;

export const CENSORED_IMAGE_COUNT = 14;
export const IMAGE_QUALITY = 85;
export const IMAGE_SHARPEN = 1;

/** Sized image types of product §3: width x height pairs per kind. */
export const IMAGE_SIZES = {
  videoThumbnail: ['900x500', '370x206'],
  modelImage: ['510x660', '400x400'],
  coverImage: ['900x500'],
  shootCover: ['900x500', '370x206'],
  playdateImage: ['900x500', '370x206'],
  upcomingImage: ['400x400'],
  /** A live cam's card when offline (the model's image, 16:9). */
  cameraCover: ['640x360'],
} as const;

export const FEATURE_NAMES = [
  'vat', 'cc_discount', 'partner_discount', 'black_friday_discount_24', 'valentines_day_discount_25',
  'summer_discount', 'ladies_discount', 'customer_support_discount', 'wds_discount', 'trailer',
  'double_opt_in', 'landing_redirect', 'french', 'age_verification', 'freechat', 'organic_popup',
  'feedback', 'feature_feedback', 'company',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

export const PERIODS = ['DAY', 'MONTH'] as const;

export const POPUP_TYPES = [
  'double-opt-in', 'double-opt-in-finish', 'buy-subscription', 'feedback', 'feedback-success',
  'feedback-removal', 'buy-coins', 'buy-coins-success', 'age-verification-success',
  'playdate-feedback', 'signup', 'tourpage-gallery', 'cookies', 'age-approval',
  'playdate-forbiddance', 'playdate-request-success', 'transactional', 'freechat', 'organic',
  'change-avatar', 'feature-feedback', 'model-tip', 'model-tip-success', 'model-tip-offer',
  'feature-introduce', 'black-friday-discount', 'valentines-discount', 'summer-discount',
  'law-limitation', 'camera-feedback',
] as const;
export type PopupType = (typeof POPUP_TYPES)[number];

export const HOME_SECTIONS = [
  'top_rated', 'newcomers', 'trending', 'our_favorites', 'new_stuff', 'for_you', 'continue',
  'fav_models', 'fav_galleries', 'fav_videos', 'might_like',
] as const;

export const THEMES = ['dark', 'nude', 'peach'] as const;
export const LAYOUTS = [
  'main', 'blank', 'ladies', 'ladies-v2', 'v2', 'v2-blog', 'free-area-v2-a', 'free-area-v2-b',
  'free-area-v2-c', 'member-area',
] as const;
export type Layout = (typeof LAYOUTS)[number];

export const EVENT_NAMES = [
  'success_buy', 'buy_subscription', 'charge_coins', 'model_tip', 'playdate_request',
  'playdate_prolongation', 'playdate_join', 'playdate_ask',
] as const;

/** Role tokens a user may hold (product §6). */
export const ROLE_TOKENS = ['retagger', 'writer', 'censored'] as const;
export type RoleToken = (typeof ROLE_TOKENS)[number];

export const TRAILER_TAG_NAME = 'Trailer';

export const VIDEO_ORDERS = ['newest', 'oldest', 'top_rated', 'most_viewed', 'longest'] as const;
export type VideoOrder = (typeof VIDEO_ORDERS)[number];
export const VIDEOS_PER_PAGE = 24;

/** The request header carrying the visit id, both ways. */
export const VISIT_ID_HEADER = 'x-visit-id';
/** The request header naming the top-level domain the page was served from. */
export const TLD_HEADER = 'x-tld-source';
