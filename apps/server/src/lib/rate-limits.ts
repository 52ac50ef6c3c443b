import { tooManyRequests } from './http-error';
import type { RateLimit } from './rate-limit-store';

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Every rate limit of the HTTP API in one place (README "Rate limits" points here). Each is counted before the work
 * it guards (RateLimitStore.consume); "failures" rules give successful attempts back. Realtime events have their own
 * (lib/realtime-hub.ts DEFAULT_EVENT_RATE_LIMIT, plugins/realtime-client-events.ts ROOM_EVENT_RATE_LIMIT).
 */
export const RATE_LIMITS = {
  /** Failed log-ins per account, from any address; a success clears them. */
  loginPerAccount: { points: 5, windowMs: 15 * MINUTE_MS },
  /** Failed log-ins per client address, across accounts. */
  loginPerAddress: { points: 20, windowMs: 15 * MINUTE_MS },
  /**
   * Look-ups of a log-in link's owner ("Log in as …?") per address: a link is 256 random bits, so this is not what
   * keeps links safe; it keeps the look-up from being a free oracle for scanners.
   */
  loginLinkOwnersPerAddress: { points: 30, windowMs: 15 * MINUTE_MS },
  /**
   * Wrong second-factor codes per account (setting up, proving, new recovery codes), from any address; a right code
   * clears them. Six digits are a million codes: five tries in 15 minutes make guessing one take decades.
   */
  secondFactorFailuresPerAccount: { points: 5, windowMs: 15 * MINUTE_MS },
  /** Password-reset requests per address. */
  forgotPasswordPerAddress: { points: 5, windowMs: HOUR_MS },
  /** Password-reset mails per account (silently capped: the answer must not differ). */
  forgotPasswordMailsPerAccount: { points: 3, windowMs: HOUR_MS },
  /** Sign-ups per address. */
  registrationsPerAddress: { points: 5, windowMs: HOUR_MS },
  /** validate_username and validate_email answers per address, together (they tell which names and addresses exist). */
  identityChecksPerAddress: { points: 30, windowMs: 10 * MINUTE_MS },
  /** Wrong current passwords per account when changing password, username or email. */
  passwordChecksPerAccount: { points: 10, windowMs: 15 * MINUTE_MS },
  /** Email-change confirmation mails per account. */
  emailChangeMailsPerAccount: { points: 5, windowMs: HOUR_MS },
  /** Email-verification mails per account. */
  verificationMailsPerAccount: { points: 3, windowMs: HOUR_MS },
  /** Invalid video unlock tokens per address. */
  videoTokenFailuresPerAddress: { points: 20, windowMs: 15 * MINUTE_MS },
  /** Wrong custom-page passwords per address. */
  pagePasswordFailuresPerAddress: { points: 10, windowMs: 15 * MINUTE_MS },
  /** Contact and other form messages per address. */
  formMessagesPerAddress: { points: 10, windowMs: HOUR_MS },
  /** Captcha challenges per address. */
  captchaChallengesPerAddress: { points: 30, windowMs: MINUTE_MS },
  /** Analytics events (POST /track) per address. */
  trackedEventsPerAddress: { points: 120, windowMs: MINUTE_MS },
  /** Comments per member. */
  commentsPerAccount: { points: 10, windowMs: MINUTE_MS },
  /** Messages sent per member. */
  messagesPerAccount: { points: 30, windowMs: MINUTE_MS },
  /** Tips per member. */
  tipsPerAccount: { points: 60, windowMs: MINUTE_MS },
  /** WHIP and WHEP offers, trickled candidates and session ends per address (each offer costs a peer connection). */
  liveHandshakesPerAddress: { points: 60, windowMs: MINUTE_MS },
  /** Checkouts started per member. */
  checkoutsPerAccount: { points: 10, windowMs: 10 * MINUTE_MS },
  /** Viewer tickets of live cams per member (a playing player renews every 30 s, and asks on every reconnect). */
  cameraWatchTicketsPerAccount: { points: 30, windowMs: MINUTE_MS },
  /** Publisher tickets (going live from the browser) per model account. */
  cameraPublishTicketsPerAccount: { points: 20, windowMs: MINUTE_MS },
  /** New stream keys per model account. */
  cameraStreamKeysPerAccount: { points: 10, windowMs: HOUR_MS },
  /** Show ratings and "Not now" answers of live cams per member (one a day per camera is all the popup asks). */
  cameraFeedbackPerAccount: { points: 10, windowMs: HOUR_MS },
  /** Entering a camera's chat (free or paid) per member: a screen enters once, and again after a reconnect. */
  chatEntersPerAccount: { points: 30, windowMs: MINUTE_MS },
  /** One-click unsubscribes from go-live mails per address (the token is the secret; this stops a scanner). */
  cameraMailUnsubscribesPerAddress: { points: 30, windowMs: 10 * MINUTE_MS },
} as const satisfies Record<string, RateLimit>;

/** "3 minutes", "1 hour", "45 seconds": how a limit's window and a wait read in an error message. */
export function durationText(ms: number): string {
  if (ms >= HOUR_MS && ms % HOUR_MS === 0) return plural(ms / HOUR_MS, 'hour');
  if (ms >= MINUTE_MS) return plural(Math.ceil(ms / MINUTE_MS), 'minute');
  return plural(Math.max(1, Math.ceil(ms / SECOND_MS)), 'second');
}
const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** Retry-After in whole seconds, at least 1. */
export const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / SECOND_MS));

/** A 429 whose message names the limit ("at most 5 sign-ups an hour from one address") and when to try again. */
export function limitReached(what: string, limit: RateLimit, retryAfterMs: number) {
  return tooManyRequests(
    `Too many ${what}: at most ${limit.points} per ${durationText(limit.windowMs)}. Try again in ${durationText(retryAfterMs)}.`,
    retryAfterSeconds(retryAfterMs),
  );
}
