import type { JobQueue } from '../../lib/jobs/job-queue';
import type { BackofficeVideosService } from './backoffice-videos.service';

/** The minutely sweep that makes scheduled videos public once their time has come (decision record 074). */
export const VIDEOS_PUBLISH_DUE_JOB = 'videos-publish-due';

export async function registerBackofficeVideoJobs(jobs: JobQueue, videos: Pick<BackofficeVideosService, 'publishDue'>): Promise<void> {
  jobs.define(VIDEOS_PUBLISH_DUE_JOB, async () => void (await videos.publishDue()), { unique: 'waiting-and-running', retryLimit: 0 });
  await jobs.schedule(VIDEOS_PUBLISH_DUE_JOB, '* * * * *');
}
