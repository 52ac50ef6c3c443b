/** A rule: at most `points` attempts per key within `windowMs` (the window starts with the first attempt). */
export interface RateLimit {
  readonly points: number;
  readonly windowMs: number;
}

export interface RateLimitDecision {
  /** Whether this attempt is within the limit: the caller may do the work it guards. */
  allowed: boolean;
  /** Attempts still allowed in the current window after this one. */
  remaining: number;
  /** Time until the window ends and the key is forgotten (what Retry-After says). */
  retryAfterMs: number;
}

/**
 * Counters with a time window, in-process or shared through Redis. Count first, then act: `consume` adds the attempt
 * and answers in one atomic step, so N parallel attempts against a limit of L get exactly L allowed. A rule that counts
 * only failures consumes before the check and `refund`s on success.
 */
export interface RateLimitStore {
  consume(key: string, limit: RateLimit): Promise<RateLimitDecision>;
  /** Gives one counted attempt back (it succeeded, and the rule counts only failures). */
  refund(key: string, limit: RateLimit): Promise<void>;
  /** Forgets the key (e.g. a successful log-in clears the account's failures). */
  reset(key: string, limit: RateLimit): Promise<void>;
  close(): Promise<void>;
}
