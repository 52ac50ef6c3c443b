import os from 'node:os';
import path from 'node:path';
import { createLog } from '../../apps/server/src/composition/open-platform';
import { loadConfig } from '../../apps/server/src/config';
import type { Database } from '../../apps/server/src/db/database';
import { createPgBossJobQueue } from '../../apps/server/src/lib/jobs/pg-boss-job-queue';
import { createMediaUrls } from '../../apps/server/src/lib/media-url';
import { createMemoryRateLimitStore } from '../../apps/server/src/lib/memory-rate-limit-store';
import { createRealtimeHub } from '../../apps/server/src/lib/realtime-hub';
import type { Platform } from '../../apps/server/src/platform';

/** A production-configured platform on `db` for a benchmark: silent, no mail, no Redis, a job queue never started. */
export function benchPlatform(db: Database, name: string): Platform {
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: path.join(os.tmpdir(), name), LOG_LEVEL: 'silent' });
  const log = createLog(config);
  return {
    config,
    db,
    mailer: { send: async () => {}, close: async () => {} },
    rateLimits: createMemoryRateLimitStore(),
    redis: null,
    realtime: createRealtimeHub(),
    now: () => new Date(),
    mediaUrls: createMediaUrls(config),
    log,
    // Never started: the benchmark runs no background work.
    jobs: createPgBossJobQueue(db, { log, schema: `${name}_jobs` }),
  };
}
