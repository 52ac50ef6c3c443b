import type { Database } from '../db/database';
import type { JobQueue } from '../lib/jobs/job-queue';
import { idempotencyStore } from './idempotency-store';

/** The job queue's name of the sweep of expired Idempotency-Keys. */
export const IDEMPOTENCY_SWEEP_JOB = 'idempotency-key-sweep';
/** Hourly: a key lives a day, so the table holds at most a day and an hour of them. */
export const IDEMPOTENCY_SWEEP_CRON = '23 * * * *';

export interface IdempotencySweep {
  /** One sweep now: what the scheduled job runs (and tests call). Answers how many keys it dropped. */
  runOnce(): Promise<number>;
}

export function createIdempotencySweep(deps: { db: Database; now: () => Date; log: { info(obj: object, msg: string): void } }): IdempotencySweep {
  return {
    async runOnce() {
      const dropped = await idempotencyStore.sweepExpired(deps.db, deps.now());
      if (dropped > 0) deps.log.info({ dropped }, 'expired idempotency keys dropped');
      return dropped;
    },
  };
}

/**
 * Puts the sweep on the job queue's clock (decision record 030): a member's own expired keys are also dropped on their
 * next claim, but the keys of members who never send again would stay without it. Once an hour across all instances;
 * a failed sweep is not retried, the next one does the same work.
 */
export function registerIdempotencySweepJob(jobs: JobQueue, sweep: IdempotencySweep): Promise<void> {
  jobs.define(IDEMPOTENCY_SWEEP_JOB, async () => void (await sweep.runOnce()), {
    unique: 'waiting-and-running',
    retryLimit: 0,
    expireInSeconds: 600,
  });
  return jobs.schedule(IDEMPOTENCY_SWEEP_JOB, IDEMPOTENCY_SWEEP_CRON);
}
