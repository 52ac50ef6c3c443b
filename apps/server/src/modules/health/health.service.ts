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

/**
 * The readiness of this instance (decision record 027): the database and the job queue are required; Redis is not,
 * since without it the instance limits and delivers on its own. The checks run side by side, each within
 * READINESS_TIMEOUT_MS, so the answer comes within a second whatever hangs.
 */
export function createHealthService(deps: Pick<Platform, 'db' | 'redis' | 'jobs'>) {
  const { db, redis, jobs } = deps;
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
      };
      const status = !database || !jobsWork ? 'unavailable' : checks.redis === 'down' ? 'degraded' : 'ready';
      return { status, checks };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
