import { pino } from 'pino';
import type { Config } from '../config';
import { openDatabase } from './open-database';
import { collectGarbage } from '../lib/collect-garbage';
import { createMailer } from '../lib/create-mailer';
import { createRateLimitStore } from '../lib/create-rate-limit-store';
import { createMediaUrls } from '../lib/media-url';
import { openRedisConnection } from '../lib/redis/redis-connection';
import { createPgBossJobQueue } from '../lib/jobs/pg-boss-job-queue';
import { createRealtimeHub } from '../lib/realtime-hub';
import type { Log, Platform } from '../platform';

export interface OpenPlatform extends Platform {
  /** Closes the mailer, the rate-limit store, Redis and the database; the job queue and the app are stopped before. */
  close(): Promise<void>;
}

/** The process's logger at LOG_LEVEL; Fastify logs through the same instance. */
export const createLog = (config: Pick<Config, 'logLevel'>): Log => pino({ level: config.logLevel });

/**
 * The platform of a process: the configured database, mail, rate limits (shared through Redis when REDIS_URL is
 * set), realtime hub, media URLs, the wall clock and a logger. Redis is connected in the background: the process
 * starts whether it answers or not (decision record 027). A one-off command (the seed, an import) asks for in-process
 * rate limits: it serves no requests, so it needs no Redis.
 */
export async function openPlatform(config: Config, options: { log?: Log; inProcessRateLimits?: boolean } = {}): Promise<OpenPlatform> {
  const log = options.log ?? createLog(config);
  const db = await openDatabase(config, log);
  // PGlite's start leaves its initdb's WebAssembly memories as garbage: collected now, not at V8's leisure (decision 054).
  if (db.engine === 'pglite') await collectGarbage();
  try {
    const mailer = await createMailer(config);
    const redis = config.redisUrl && !options.inProcessRateLimits ? openRedisConnection(config.redisUrl, { log }) : null;
    const rateLimits = createRateLimitStore(config, redis);
    return {
      config,
      db,
      now: () => new Date(),
      mailer,
      rateLimits,
      redis,
      realtime: createRealtimeHub(),
      mediaUrls: createMediaUrls(config),
      log,
      // Opened here, started by the background jobs once handlers are defined (the app only sends).
      jobs: createPgBossJobQueue(db, { log }),
      async close() {
        await Promise.allSettled([mailer.close(), rateLimits.close()]);
        await redis?.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}
