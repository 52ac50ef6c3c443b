import type { Readiness } from '@velora/shared';
import type { Platform } from '../../platform';

/** How long each dependency may take to answer the readiness check before it counts as down. */
export const READINESS_TIMEOUT_MS = 800;

/** Resolves to whether `check` succeeded within the timeout; never rejects. */
async function answers(check: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      check().then(
        (result) => result !== false,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** What the live media server says of itself (MediaServer.health(), decision record 060). */
export type MediaHealth = () => { state: Exclude<Readiness['checks']['media'], 'not configured'> };

export interface HealthDeps extends Pick<Platform, 'db' | 'redis' | 'jobs'> {
  /** The live media server's health; none when this process has no media server. */
  media?: MediaHealth;
}

/**
 * The readiness of this instance (decision records 027 and 060): the database and the job queue are required; Redis
 * is not, since without it the instance limits and delivers on its own; nor is the live media server, which restarts
 * by itself while the rest of the site serves on: both make the instance degraded, not unavailable. The checks run
 * side by side, each within READINESS_TIMEOUT_MS, so the answer comes within a second whatever hangs.
 */
export function createHealthService(deps: HealthDeps) {
  const { db, redis, jobs, media } = deps;
  return {
    async readiness(): Promise<Readiness> {
      const [database, jobsWork, redisAnswers] = await Promise.all([
        answers(() => db.query('SELECT 1'), READINESS_TIMEOUT_MS),
        answers(() => jobs.working(), READINESS_TIMEOUT_MS),
        redis ? answers(() => redis.ping(), READINESS_TIMEOUT_MS) : Promise.resolve(null),
      ]);
      const checks: Readiness['checks'] = {
        database: database ? 'up' : 'down',
        redis: redisAnswers === null ? 'not configured' : redisAnswers ? 'up' : 'down',
        jobs: jobsWork ? 'up' : 'down',
        media: media ? media().state : 'not configured',
      };
      const mediaDown = checks.media === 'restarting' || checks.media === 'down';
      const status = !database || !jobsWork ? 'unavailable' : checks.redis === 'down' || mediaDown ? 'degraded' : 'ready';
      return { status, checks };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
