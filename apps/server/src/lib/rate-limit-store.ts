/** Counters with a time window, in-process or shared through Redis when REDIS_URL is set. */
export interface RateLimitStore {
  /** Adds one hit to `key` and returns the count within the current window and the ms left in it. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** The current count without adding a hit. */
  peek(key: string): Promise<{ count: number; resetInMs: number }>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}
