// Transactions that lost a race the database could not let them wait out (decision record 063).

/** deadlock_detected and serialization_failure: PostgreSQL rolled the transaction back whole, so it may run again. */
const CONFLICT_CODES = new Set(['40P01', '40001']);

export function isTransactionConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CONFLICT_CODES.has(code);
}

export interface ConflictRetry {
  /** Runs in all, the first one included. */
  attempts: number;
  /** The first retry waits a random time below this; each next one below twice the last (full jitter). */
  baseDelayMs: number;
  /** Told before each retry: a conflict that keeps coming back is a lock order to fix, so the server logs it. */
  onRetry?: (error: unknown, attempt: number) => void;
}

/** Three retries within about 140 ms of waiting at most: a deadlock itself is found only after deadlock_timeout (1 s). */
export const DEFAULT_CONFLICT_RETRY: ConflictRetry = { attempts: 4, baseDelayMs: 20 };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `run` and, after a transaction conflict, again, up to `retry.attempts` times; the last conflict is thrown. */
export async function retryingConflicts<T>(run: () => Promise<T>, retry: ConflictRetry = DEFAULT_CONFLICT_RETRY): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (!isTransactionConflict(error) || attempt >= retry.attempts) throw error;
      retry.onRetry?.(error, attempt);
      // Apart at random: the transactions that deadlocked together must not meet again at the same instant.
      await pause(Math.random() * retry.baseDelayMs * 2 ** (attempt - 1));
    }
  }
}
