/**
 * Runs at most `limit` tasks at a time; the others wait their turn in order (a semaphore with a queue). Memory-heavy
 * native work (sharp/libvips) goes through one, so a page of fifty new pictures costs two pictures' memory at a time.
 */
export interface ConcurrencyLimit {
  <T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now. */
  readonly active: number;
  /** Tasks waiting for a turn. */
  readonly queued: number;
}

export function createConcurrencyLimit(limit: number): ConcurrencyLimit {
  if (!(Number.isInteger(limit) && limit >= 1)) throw new RangeError(`limit must be a whole number from 1, not ${limit}`);
  let active = 0;
  const waiting: Array<() => void> = [];
  // A finished task hands its place to the first waiter; only when none waits does `active` drop.
  const next = () => {
    const wake = waiting.shift();
    if (wake) wake();
    else active--;
  };
  const run = async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else active++;
    try {
      return await task();
    } finally {
      next();
    }
  };
  return Object.defineProperties(run, {
    active: { get: () => active },
    queued: { get: () => waiting.length },
  }) as ConcurrencyLimit;
}
