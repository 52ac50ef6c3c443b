import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/database';
import type { Mailer } from './lib/mailer';
import type { MediaUrls } from './lib/media-url';
import type { RateLimitStore } from './lib/rate-limit-store';
import type { BindableRealtimeHub } from './lib/realtime-hub';

/** The process's logger (pino): Fastify logs through the same instance, so services and requests share one stream. */
export type Log = FastifyBaseLogger;

/**
 * The durable job queue in PostgreSQL (ARCHITECTURE.md "jobs"). A placeholder until the queue lands: the composition
 * root passes it to the services that schedule work, and nothing needs it yet.
 */
export interface JobQueue {
  send(name: string, data: object, options?: { singletonKey?: string; startAfter?: Date }): Promise<string | null>;
}

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
  /** Pushes events to connected browsers; bound to Socket.IO by the realtime plugin. */
  realtime: BindableRealtimeHub;
  /** Public URLs of media files: on the CDN host when CDN_URL is set, else same-origin. */
  mediaUrls: MediaUrls;
  log: Log;
  jobs?: JobQueue;
}
