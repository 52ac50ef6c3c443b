import type { JobQueue } from '../../lib/jobs/job-queue';
import type { Logger, PaymentsService } from './payments.service';

export interface RenewalJobLog extends Logger {
  info(obj: object, msg: string): void;
}

export type RenewalResult = { expired: number; charged: number; failed: number };

export interface RenewalJob {
  /** One pass now: what the scheduled job runs (and tests call). */
  runOnce(): Promise<RenewalResult>;
}

/** The job queue's name of the renewal pass. */
export const RENEWAL_JOB = 'subscription-renewals';
/** Every minute: a member waits at most about a minute for a renewal. */
export const RENEWAL_CRON = '* * * * *';

/**
 * The subscription renewal pass: expires cancelled subscriptions past their end and charges the active ones past
 * their end through the provider (whose webhook extends them). Passes that overlap are harmless (the claim of a
 * renewal is a row lock and a unique index), but the job queue runs at most one at a time across instances anyway.
 */
export function createRenewalJob(deps: { payments: Pick<PaymentsService, 'runRenewals'>; log: RenewalJobLog }): RenewalJob {
  const { payments, log } = deps;
  return {
    async runOnce() {
      const result = await payments.runRenewals();
      if (result.expired + result.charged + result.failed > 0) log.info(result, 'subscription renewals');
      return result;
    },
  };
}

/**
 * Puts the renewal pass on the job queue's clock: once a minute across all instances (a cron schedule ticks once per
 * cluster), one pass at a time. A failed pass is not retried: the next minute's pass does the same work.
 */
export function registerRenewalJob(jobs: JobQueue, renewals: RenewalJob): Promise<void> {
  jobs.define(RENEWAL_JOB, async () => void (await renewals.runOnce()), {
    unique: 'waiting-and-running',
    retryLimit: 0,
    expireInSeconds: 600,
  });
  return jobs.schedule(RENEWAL_JOB, RENEWAL_CRON);
}
