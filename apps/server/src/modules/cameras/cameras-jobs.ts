import type { JobQueue } from '../../lib/jobs/job-queue';
import {
  CAMERA_GO_LIVE_MAIL_JOB,
  CAMERA_GRACE_JOB,
  CAMERA_GRACE_SWEEP_JOB,
  type CamerasService,
  type GoLiveMailJobData,
  type GraceJobData,
} from './cameras.service';
import type { InstanceLiveness } from './instance-liveness-port';

/** Every minute: the backstop of grace jobs that were never queued or never ran. */
export const CAMERA_GRACE_SWEEP_CRON = '* * * * *';

/**
 * The durable work of live cams (decision record 032): the end of a grace period (a job per dropped session, due when
 * the grace ends), the go-live mails of a session that began, and a sweep that puts the sessions of gone instances
 * into grace (decision record 062) and ends any grace period left overdue.
 */
export async function registerCameraJobs(
  jobs: JobQueue,
  cameras: Pick<CamerasService, 'endGraceIfDue' | 'mailGoLive'>,
  liveness: Pick<InstanceLiveness, 'sweep'>,
): Promise<void> {
  jobs.define<GraceJobData>(CAMERA_GRACE_JOB, async ({ sessionId }) => void (await cameras.endGraceIfDue(sessionId)), {
    unique: 'waiting',
    retryLimit: 3,
    retryDelaySeconds: 5,
  });
  // Not retried: mails already sent are claimed, so a retry would only reach those whose mail failed, which the
  // at-most-once rule leaves out anyway.
  jobs.define<GoLiveMailJobData>(CAMERA_GO_LIVE_MAIL_JOB, async (data) => void (await cameras.mailGoLive(data)), {
    retryLimit: 0,
    expireInSeconds: 30 * 60,
  });
  jobs.define(
    CAMERA_GRACE_SWEEP_JOB,
    async () => {
      await liveness.sweep();
      await cameras.endGraceIfDue();
    },
    { unique: 'waiting-and-running', retryLimit: 0 },
  );
  await jobs.schedule(CAMERA_GRACE_SWEEP_JOB, CAMERA_GRACE_SWEEP_CRON);
}
