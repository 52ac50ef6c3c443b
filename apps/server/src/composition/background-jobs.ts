import { demoClipFor } from '../demo/seed-media';
import { createMediaJobRunner, type MediaJobRunner } from '../modules/media/media-jobs';
import { createRenewalJob, type RenewalJob } from '../modules/payments/renewal-job';
import type { Platform } from '../platform';
import type { Services } from './create-services';

export interface BackgroundJobs {
  mediaJobs: MediaJobRunner;
  renewals: RenewalJob;
  start(): void;
  /** Waits for the work in progress, then stops. */
  stop(): Promise<void>;
}

/**
 * The work of a process outside requests, from the same platform and services as the app: transcoding and
 * subscription renewals. Started once the server listens, so neither delays a start.
 */
export function createBackgroundJobs(platform: Pick<Platform, 'config' | 'db' | 'log'>, services: Pick<Services, 'payments'>): BackgroundJobs {
  // A missing demo source is generated from its recipe (ffmpeg test sources); any other missing source is an error.
  const mediaJobs = createMediaJobRunner({ config: platform.config, db: platform.db, missingSource: demoClipFor }, { log: platform.log });
  const renewals = createRenewalJob({ payments: services.payments, log: platform.log });
  return {
    mediaJobs,
    renewals,
    start() {
      mediaJobs.start();
      renewals.start();
    },
    async stop() {
      await Promise.all([mediaJobs.stop(), renewals.stop()]);
    },
  };
}
