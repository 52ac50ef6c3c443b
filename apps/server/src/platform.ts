import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/database';
import type { JobQueue } from './lib/jobs/job-queue';
import type { Mailer } from './lib/mailer';
import type { MediaUrls } from './lib/media-url';
import type { RateLimitStore } from './lib/rate-limit-store';
import type { RedisConnection } from './lib/redis/redis-connection';
import type { BindableRealtimeHub } from './lib/realtime-hub';

/** The process's logger (pino): Fastify logs through the same instance, so services and requests share one stream. */
export type Log = FastifyBaseLogger;

/**
 * What every service is built from, made once per process (server.ts, the commands) or per test (test/test-app.ts).
 * Services take the parts they need, and the other services they use, from the composition root.
 */
export interface Platform {
  config: Config;
  db: Database;
  /** The clock: every rule that depends on the time reads it here, so tests can move it. */
  now: () => Date;
  mailer: Mailer;
  rateLimits: RateLimitStore;
  /**
   * The connection to Redis with REDIS_URL (null without): rate limits, presence and the realtime adapter share it.
   * It may be down at any time, from the start on: every user of it falls back to this instance (decision record 027).
   */
  redis: RedisConnection | null;
  /** Pushes events to connected browsers; bound to Socket.IO by the realtime plugin. */
  realtime: BindableRealtimeHub;
  /** Public URLs of media files: on the CDN host when CDN_URL is set, else same-origin. */
  mediaUrls: MediaUrls;
  log: Log;
  /** The durable job queue in the database (decision record 018): delayed, retried, scheduled, once across instances. */
  jobs: JobQueue;
}
