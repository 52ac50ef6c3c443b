import { PLAYDATE_REMINDER_MINUTES } from '@velora/shared';
import { MINUTE, endOf, type PlaydatesDeps } from './playdate-helpers';
import { playdateSettingsRepository as settingsRepo } from './playdate-settings.repository';
import type { PlaydateRow } from './playdates.repository';

// The durable jobs a playdate's status calls for (decision record 040): its expiry while requested, its reminder and
// start while scheduled, its end and the model's grace while live. Handlers: playdates-jobs.ts.

export const PLAYDATE_JOBS = {
  expire: 'playdate-expire',
  start: 'playdate-start',
  missed: 'playdate-missed',
  end: 'playdate-end',
  reminder: 'playdate-reminder',
  sweep: 'playdate-sweep',
} as const;
export interface PlaydateJobData {
  playdateId: number;
}

export function createPlaydateNextJobs(deps: Pick<PlaydatesDeps, 'db' | 'now' | 'log' | 'jobs'>) {
  const { db, now, log } = deps;

  async function queue(name: string, playdateId: number, at: Date | null): Promise<void> {
    if (at === null) return;
    try {
      await deps.jobs.send<PlaydateJobData>(name, { playdateId }, { startAfter: at, singletonKey: `${playdateId}:${at.getTime()}` });
    } catch (err) {
      // The sweep finds the playdate within a minute and does what the job would have.
      log.error({ err, job: name, playdateId }, 'playdate job not queued');
    }
  }

  return {
    queue,

    /** The jobs of the status `row` is in now. */
    async queueAfter(row: PlaydateRow): Promise<void> {
      const limits = await settingsRepo.limits(db);
      if (row.status === 'requested') await queue(PLAYDATE_JOBS.expire, row.id, row.expires_at && new Date(row.expires_at));
      if (row.status === 'scheduled' && row.starts_at) {
        const starts = new Date(row.starts_at);
        await queue(PLAYDATE_JOBS.reminder, row.id, new Date(Math.max(now().getTime(), starts.getTime() - PLAYDATE_REMINDER_MINUTES * MINUTE)));
        await queue(PLAYDATE_JOBS.start, row.id, starts);
      }
      if (row.status === 'live') {
        await queue(PLAYDATE_JOBS.end, row.id, endOf(row));
        if (row.kind === 'private' && row.model_joined_at === null && row.started_at) {
          await queue(PLAYDATE_JOBS.missed, row.id, new Date(new Date(row.started_at).getTime() + limits.start_grace_minutes * MINUTE));
        }
      }
    },
  };
}

export type PlaydateNextJobs = ReturnType<typeof createPlaydateNextJobs>;
