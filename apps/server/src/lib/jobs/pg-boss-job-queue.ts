import PgBoss from 'pg-boss';
import type { Database } from '../../db/database';
import type { JobDefinition, JobHandler, JobQueue, JobQueueLog, SendOptions } from './job-queue';
import { pgBossDatabase } from './pg-boss-database';

// The job queue on pg-boss 10 (the last major that runs on Node 20), in its own schema of the app's database.

export interface PgBossJobQueueOptions {
  log: JobQueueLog;
  /** The schema of its tables (default `pgboss`); tests give each queue a schema of its own. */
  schema?: string;
  /** How often an idle worker looks for work on another instance's sends (default 2 s, at least 0.5 s). */
  pollingIntervalSeconds?: number;
  /** How often pg-boss looks at the cron schedules (default 30 s) and queues what they produced (default 5 s). */
  cronMonitorIntervalSeconds?: number;
  cronWorkerIntervalSeconds?: number;
  /** How often expired runs are failed (and so retried) and finished ones archived (default 120 s). */
  maintenanceIntervalSeconds?: number;
  /** How long stop() waits for running handlers before failing their runs (default 30 s). */
  stopTimeoutMs?: number;
}

export const DEFAULT_JOBS_SCHEMA = 'pgboss';

const POLICIES = { waiting: 'short', running: 'singleton', 'waiting-and-running': 'stately' } as const;

interface Definition {
  handler: JobHandler<object>;
  options: JobDefinition;
}

interface Running {
  controller: AbortController;
  done: Promise<unknown>;
}

const retryOptions = (o: SendOptions | JobDefinition) => ({
  ...(o.retryLimit !== undefined ? { retryLimit: o.retryLimit } : {}),
  ...(o.retryDelaySeconds !== undefined ? { retryDelay: o.retryDelaySeconds } : {}),
  ...(o.retryBackoff !== undefined ? { retryBackoff: o.retryBackoff } : {}),
  ...(o.expireInSeconds !== undefined ? { expireInSeconds: o.expireInSeconds } : {}),
});

export function createPgBossJobQueue(db: Database, options: PgBossJobQueueOptions): JobQueue {
  const { log } = options;
  const sql = pgBossDatabase(db);
  const boss = new PgBoss({
    db: sql as PgBoss.Db,
    schema: options.schema ?? DEFAULT_JOBS_SCHEMA,
    ...(options.cronMonitorIntervalSeconds ? { cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds } : {}),
    ...(options.cronWorkerIntervalSeconds ? { cronWorkerIntervalSeconds: options.cronWorkerIntervalSeconds } : {}),
    ...(options.maintenanceIntervalSeconds ? { maintenanceIntervalSeconds: options.maintenanceIntervalSeconds } : {}),
  });
  boss.on('error', (err) => log.warn({ err }, 'job queue: a background query failed; it tries again'));
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  const definitions = new Map<string, Definition>();
  const schedules = new Map<string, { cron: string; data: object | undefined }>();
  const workers = new Map<string, string[]>();
  const running = new Set<Running>();
  let state: 'new' | 'starting' | 'started' | 'stopping' | 'stopped' = 'new';

  async function run(name: string, definition: Definition, job: PgBoss.JobWithMetadata<object>) {
    const controller = new AbortController();
    // pg-boss gives the run up at its expiry (and retries it): the handler is told to stop too, so it never overlaps.
    const expiry = setTimeout(() => controller.abort(new Error(`the run expired after ${job.expireInSeconds} s`)), job.expireInSeconds * 1000);
    expiry.unref();
    if (state === 'stopping') controller.abort(new Error('the job queue is stopping'));
    const done = definition.handler(job.data, {
      id: job.id,
      name,
      retryCount: job.retryCount,
      retryLimit: job.retryLimit,
      signal: controller.signal,
    });
    const entry: Running = { controller, done: done.catch(() => undefined) };
    running.add(entry);
    try {
      await done;
    } catch (error) {
      const retried = job.retryCount < job.retryLimit;
      const about = { err: error, job: name, id: job.id, retryCount: job.retryCount };
      if (state === 'stopping' && controller.signal.aborted) log.info(about, `job ${name} interrupted by the stop${retried ? '; it is retried' : ''}`);
      else log.warn(about, retried ? `job ${name} failed; it is retried` : `job ${name} failed`);
      throw error;
    } finally {
      clearTimeout(expiry);
      running.delete(entry);
    }
  }

  return {
    define(name, handler, definition = {}) {
      if (state !== 'new') throw new Error(`Define job ${name} before the job queue starts`);
      definitions.set(name, { handler: handler as JobHandler<object>, options: definition });
    },

    async send(name, data, sendOptions = {}) {
      if (state !== 'started') throw new Error(`The job queue is not running: cannot send ${name}`);
      const id = await boss.send(name, data, {
        ...retryOptions(sendOptions),
        ...(sendOptions.startAfter !== undefined ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.singletonKey !== undefined ? { singletonKey: sendOptions.singletonKey } : {}),
      });
      // A run due now starts at once on this instance instead of at its next poll.
      if (id && (sendOptions.startAfter === undefined || sendOptions.startAfter === 0)) {
        for (const worker of workers.get(name) ?? []) boss.notifyWorker(worker);
      }
      return id;
    },

    async schedule(name, cron, data) {
      schedules.set(name, { cron, data });
      if (state === 'started') await boss.schedule(name, cron, data);
    },

    async start() {
      if (state !== 'new') return;
      state = 'starting';
      await boss.start();
      for (const [name, { options: o }] of definitions) {
        const queue = { name, policy: o.unique ? POLICIES[o.unique] : 'standard', ...retryOptions(o) } as const;
        await boss.createQueue(name, queue);
        // createQueue leaves an existing queue as it was: take this version's options.
        await boss.updateQueue(name, queue);
      }
      for (const [name, { cron, data }] of schedules) await boss.schedule(name, cron, data);
      for (const [name, definition] of definitions) {
        const ids: string[] = [];
        for (let i = 0; i < Math.max(1, definition.options.concurrency ?? 1); i += 1) {
          let id = '';
          id = await boss.work<object>(name, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds }, async ([job]) => {
            if (!job) return;
            try {
              await run(name, definition, job);
            } finally {
              // pg-boss waits a polling interval after every run: a worker that found work looks again at once.
              if (state === 'started') boss.notifyWorker(id);
            }
          });
          ids.push(id);
        }
        workers.set(name, ids);
      }
      state = 'started';
    },

    async stop() {
      if (state !== 'started' && state !== 'starting') return;
      state = 'stopping';
      for (const entry of running) entry.controller.abort(new Error('the job queue is stopping'));
      await boss.stop({ graceful: true, wait: true, timeout: options.stopTimeoutMs ?? 30_000 });
      // A worker that was fetching as pg-boss stopped may still start a run, and pg-boss completes runs without
      // awaiting it: wait for both before the database may close.
      for (;;) {
        await Promise.all([...running].map((r) => r.done));
        await sql.idle();
        await new Promise((resolve) => setImmediate(resolve));
        if (running.size === 0 && sql.isIdle()) break;
      }
      state = 'stopped';
    },

    async working() {
      if (state !== 'started') return false;
      try {
        await boss.getQueues();
        return true;
      } catch {
        return false;
      }
    },
  };
}
