import type { Logger, PaymentsService } from './payments.service';

export interface RenewalJobLog extends Logger {
  info(obj: object, msg: string): void;
}

export interface RenewalJob {
  start(): void;
  /** Waits for a pass in progress, then stops. */
  stop(): Promise<void>;
  /** One pass now (tests, and the timer). */
  runOnce(): Promise<{ expired: number; charged: number; failed: number }>;
}

/** How often the job looks for subscriptions at their period end: a member waits at most this long for a renewal. */
export const RENEWAL_INTERVAL_MS = 60_000;

/**
 * The subscription renewal job: every interval, expires cancelled subscriptions past their end and charges the
 * active ones past their end through the provider (whose webhook extends them). Started after the server listens;
 * several instances may run it at once (the claim of a renewal is a row lock and a unique index).
 */
export function createRenewalJob(deps: { payments: Pick<PaymentsService, 'runRenewals'>; log: RenewalJobLog; intervalMs?: number }): RenewalJob {
  const { payments, log } = deps;
  const intervalMs = deps.intervalMs ?? RENEWAL_INTERVAL_MS;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;

  async function pass() {
    const result = await payments.runRenewals();
    if (result.expired + result.charged + result.failed > 0) log.info(result, 'subscription renewals');
    return result;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass()
        .catch((error: unknown) => log.warn({ err: error }, 'the renewal job failed; it tries again at the next interval'))
        .finally(() => {
          running = null;
          schedule();
        });
    }, intervalMs);
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
    runOnce: pass,
  };
}
