import type { JobQueue } from '../../lib/jobs/job-queue';
import { PLAYDATE_ENDING_SOON_JOB, type EndingSoonJobData, type PlaydateRoomsService } from './playdate-rooms.service';

/** The rooms' durable work (decision record 041): the "ending soon" line, due two minutes before a live playdate ends. */
export async function registerPlaydateRoomsJobs(jobs: JobQueue, rooms: Pick<PlaydateRoomsService, 'endingSoon'>): Promise<void> {
  jobs.define<EndingSoonJobData>(PLAYDATE_ENDING_SOON_JOB, async (data) => void (await rooms.endingSoon(data)), { unique: 'waiting', retryLimit: 2, retryDelaySeconds: 5 });
}
