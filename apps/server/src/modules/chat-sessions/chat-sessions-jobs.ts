import type { JobQueue } from '../../lib/jobs/job-queue';
import { CHAT_FREE_END_JOB, CHAT_PRESENCE_JOB, CHAT_SWEEP_JOB, type ChatSessionJobData, type ChatSessionsService } from './chat-sessions.service';
import { CHAT_MINUTE_JOB, type ChatMinuteJobData } from './paid-minutes';

/** Every minute: the backstop of minute, free-end and presence jobs that were lost or never queued. */
export const CHAT_SWEEP_CRON = '* * * * *';

/**
 * The durable work of chat sessions (decision record 037): a job per paid minute (keyed session:minute, due when the
 * minute starts), the end of a free session's allowance, the exit-window check of a session's member, and a sweep
 * that charges every overdue minute and ends every overdue session whatever job went missing. Each handler is safe to
 * run twice: the session's row lock and the charge's key decide, not the job.
 */
export async function registerChatSessionJobs(
  jobs: JobQueue,
  chat: Pick<ChatSessionsService, 'chargeDue' | 'endFreeIfDue' | 'checkPresence'>,
): Promise<void> {
  // Retried soon: a minute late is a minute the member watched unpaid (the watch gate stops new tickets meanwhile).
  const retry = { retryLimit: 5, retryDelaySeconds: 2, expireInSeconds: 60 };
  jobs.define<ChatMinuteJobData>(CHAT_MINUTE_JOB, async ({ sessionId }) => void (await chat.chargeDue(sessionId)), { ...retry, unique: 'waiting', concurrency: 4 });
  jobs.define<ChatSessionJobData>(CHAT_FREE_END_JOB, async ({ sessionId }) => void (await chat.endFreeIfDue(sessionId)), { ...retry, unique: 'waiting' });
  jobs.define<ChatSessionJobData>(CHAT_PRESENCE_JOB, async ({ sessionId }) => void (await chat.checkPresence(sessionId)), { ...retry, unique: 'waiting', concurrency: 4 });
  jobs.define(
    CHAT_SWEEP_JOB,
    async () => {
      await chat.chargeDue();
      await chat.endFreeIfDue();
      await chat.checkPresence();
    },
    { unique: 'waiting-and-running', retryLimit: 0 },
  );
  await jobs.schedule(CHAT_SWEEP_JOB, CHAT_SWEEP_CRON);
}
