import { demoClipFor } from '../demo/seed-media';
import { createIdempotencySweep, registerIdempotencySweepJob } from '../http/idempotency-sweep-job';
import { registerBackofficeVideoJobs } from '../modules/backoffice-videos/backoffice-videos-jobs';
import { registerChatSessionJobs } from '../modules/chat-sessions/chat-sessions-jobs';
import { registerCameraJobs } from '../modules/cameras/cameras-jobs';
import { registerPlaydateRoomsJobs } from '../modules/playdate-rooms/playdate-rooms-jobs';
import { registerMediaJobs, type MediaJobs } from '../modules/media/media-jobs';
import { createRenewalJob, registerRenewalJob } from '../modules/payments/renewal-job';
import { registerPlaydateJobs } from '../modules/playdates/playdates-jobs';
import type { Platform } from '../platform';
import type { Services } from './create-services';

export interface BackgroundJobs {
  media: MediaJobs;
  /** Starts the queue's workers and schedules, then queues the media left pending (the seed's, a stopped instance's). */
  start(): Promise<void>;
  /** Waits for the handlers in progress (a transcode goes back to pending), then stops. */
  stop(): Promise<void>;
}

/**
 * The work of a process outside requests, as durable jobs on the platform's queue (decision record 018), from the same
 * services as the app: transcoding, subscription renewals, the sweep of expired idempotency keys and the live cams' grace periods and go-live mails, paid chat minutes, and the steps of playdates. Started once the
 * server listens, so none of it delays a start.
 */
export async function registerBackgroundJobs(
  platform: Pick<Platform, 'config' | 'db' | 'log' | 'jobs' | 'now'>,
  services: Pick<Services, 'payments' | 'cameras' | 'instanceLiveness' | 'chatSessions' | 'playdates' | 'playdateRooms' | 'backofficeVideos'>,
): Promise<BackgroundJobs> {
  const { jobs, log } = platform;
  // A missing demo source is generated from its recipe (ffmpeg test sources); any other missing source is an error.
  const media = await registerMediaJobs(jobs, { config: platform.config, db: platform.db, missingSource: demoClipFor }, { log });
  await registerRenewalJob(jobs, createRenewalJob({ payments: services.payments, log }));
  await registerIdempotencySweepJob(jobs, createIdempotencySweep({ db: platform.db, now: platform.now, log }));
  await registerCameraJobs(jobs, services.cameras, services.instanceLiveness);
  await registerChatSessionJobs(jobs, services.chatSessions);
  await registerPlaydateJobs(jobs, services.playdates);
  await registerPlaydateRoomsJobs(jobs, services.playdateRooms);
  await registerBackofficeVideoJobs(jobs, services.backofficeVideos);
  return {
    media,
    async start() {
      await jobs.start();
      await media.queuePending();
    },
    stop: () => jobs.stop(),
  };
}
