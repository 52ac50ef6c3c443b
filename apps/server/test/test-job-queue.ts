import { randomBytes } from 'node:crypto';
import type { Database } from '../src/db/database';
import type { JobQueue } from '../src/lib/jobs/job-queue';
import { createPgBossJobQueue, type PgBossJobQueueOptions } from '../src/lib/jobs/pg-boss-job-queue';

// Job queues for tests: a schema of their own (parallel test files share one PostgreSQL), and short polling.

export interface TestJobQueues {
  schema: string;
  /** What the queues logged, as `warn|info message`. */
  logs: string[];
  /** One more instance of the site's job queue: same tables, on `db` (the same database, or that database reopened). */
  instance(db?: Database, overrides?: Partial<PgBossJobQueueOptions>): JobQueue;
  /** Stops every instance so far (a restart of the site). */
  stop(): Promise<void>;
  /** Stops every instance, then drops the schema (through `db` when the first database is closed by now). */
  close(db?: Database): Promise<void>;
}

export function createTestJobQueues(db: Database): TestJobQueues {
  const schema = `jobs_${randomBytes(6).toString('hex')}`;
  const logs: string[] = [];
  const log = {
    info: (_o: object, m: string) => void logs.push(`info|${m}`),
    warn: (o: object, m: string) => void logs.push(`warn|${m}${'err' in o ? `: ${String((o.err as Error)?.message ?? o.err)}` : ''}`),
  };
  const queues: JobQueue[] = [];
  return {
    schema,
    logs,
    instance(on = db, overrides = {}) {
      const queue = createPgBossJobQueue(on, {
        log,
        schema,
        pollingIntervalSeconds: 0.5,
        cronMonitorIntervalSeconds: 1,
        cronWorkerIntervalSeconds: 1,
        ...overrides,
      });
      queues.push(queue);
      return queue;
    },
    async stop() {
      await Promise.all(queues.map((q) => q.stop()));
    },
    async close(on = db) {
      await Promise.all(queues.map((q) => q.stop()));
      await on.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    },
  };
}
