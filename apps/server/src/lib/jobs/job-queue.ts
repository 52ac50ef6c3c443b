// The durable job queue that modules depend on; pg-boss sits behind it (pg-boss-job-queue.ts).

/** One run of a job, as its handler sees it. */
export interface JobRun {
  id: string;
  name: string;
  /** 0 on the first attempt, 1 on the first retry, … */
  retryCount: number;
  retryLimit: number;
  /**
   * Aborted when the queue stops or the run reaches its expiry: a long handler stops early and throws, and the run
   * is retried (after the restart, or on another instance).
   */
  signal: AbortSignal;
}

export type JobHandler<T extends object> = (data: T, run: JobRun) => Promise<void>;

export interface RetryOptions {
  /** Attempts after the first failed one (default 2). */
  retryLimit?: number;
  /** Seconds before a retry (default 0). */
  retryDelaySeconds?: number;
  /** Doubles the delay at every retry, with jitter (default false). */
  retryBackoff?: boolean;
}

export interface JobDefinition extends RetryOptions {
  /** How long a run may take before it counts as failed and its signal aborts (default 15 minutes, at most 23 h). */
  expireInSeconds?: number;
  /** Runs of this job at once on this instance (default 1). */
  concurrency?: number;
  /**
   * What a singletonKey (or, without one, the job name) keeps unique across all instances: one waiting run, one
   * running run, or one of each. Default: nothing, every send is a run.
   */
  unique?: 'waiting' | 'running' | 'waiting-and-running';
}

export interface SendOptions extends RetryOptions {
  /** Not before this time; a number is seconds from now. */
  startAfter?: Date | number;
  /** Deduplicates runs as the job's `unique` says. */
  singletonKey?: string;
  expireInSeconds?: number;
}

export interface JobQueue {
  /** Declares a job and its handler; before start(). This instance works the job once started. */
  define<T extends object>(name: string, handler: JobHandler<T>, options?: JobDefinition): void;
  /** Queues a run, durably; resolves to its id, or null when `unique` dropped it as a duplicate. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /**
   * Runs a defined job on a cron schedule (UTC, at most once a minute), once per tick across all instances. Before
   * start() it is kept and applied at start.
   */
  schedule(name: string, cron: string, data?: object): Promise<void>;
  /** Creates its tables if needed, applies the schedules and starts working. */
  start(): Promise<void>;
  /** Stops taking work, aborts the signals of running handlers and waits for them to settle. */
  stop(): Promise<void>;
  /** Whether it is started and its tables answer (the readiness check); false, never a throw, otherwise. */
  working(): Promise<boolean>;
}

export interface JobQueueLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}
