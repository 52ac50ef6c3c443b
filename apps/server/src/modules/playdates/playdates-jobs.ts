import type { JobQueue } from '../../lib/jobs/job-queue';
import { PLAYDATE_JOBS, type PlaydateJobData } from './playdate-next-jobs';
import type { PlaydatesService } from './playdates.service';

/** Every minute: the backstop of every playdate step whose job was lost, never queued, or ran on a stopped instance. */
export const PLAYDATE_SWEEP_CRON = '* * * * *';

/**
 * The durable steps of playdates (decision record 040): a job at a request's expiry, at a start, at the end of the
 * model's grace, at an end and at the reminder's time, and the per-minute sweep. Each handler is safe to run twice
 * or late: the step is a conditional UPDATE and its booking is keyed, so it happens once.
 */
export async function registerPlaydateJobs(
  jobs: JobQueue,
  playdates: Pick<PlaydatesService, 'expireIfDue' | 'startIfDue' | 'missedIfDue' | 'endIfDue' | 'remindIfDue' | 'sweep'>,
): Promise<void> {
  const retry = { retryLimit: 5, retryDelaySeconds: 5, expireInSeconds: 120, unique: 'waiting' as const };
  jobs.define<PlaydateJobData>(PLAYDATE_JOBS.expire, async ({ playdateId }) => void (await playdates.expireIfDue(playdateId)), retry);
  jobs.define<PlaydateJobData>(PLAYDATE_JOBS.start, async ({ playdateId }) => void (await playdates.startIfDue(playdateId)), retry);
  jobs.define<PlaydateJobData>(PLAYDATE_JOBS.missed, async ({ playdateId }) => void (await playdates.missedIfDue(playdateId)), retry);
  jobs.define<PlaydateJobData>(PLAYDATE_JOBS.end, async ({ playdateId }) => void (await playdates.endIfDue(playdateId)), retry);
  jobs.define<PlaydateJobData>(PLAYDATE_JOBS.reminder, async ({ playdateId }) => void (await playdates.remindIfDue(playdateId)), retry);
  jobs.define(PLAYDATE_JOBS.sweep, async () => void (await playdates.sweep()), { unique: 'waiting-and-running', retryLimit: 0 });
  await jobs.schedule(PLAYDATE_JOBS.sweep, PLAYDATE_SWEEP_CRON);
}
