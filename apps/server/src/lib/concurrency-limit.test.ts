import { describe, expect, it } from 'vitest';
import { createConcurrencyLimit } from './concurrency-limit';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('createConcurrencyLimit', () => {
  it('runs at most the limit at once, the rest in the order they came, and every result reaches its caller', async () => {
    const limit = createConcurrencyLimit(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        limit(async () => {
          started.push(i);
          most = Math.max(most, ++running);
          await tick();
          running--;
          return i * 10;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(limit.active).toBe(0);
    expect(limit.queued).toBe(0);
  });

  it('frees the place of a task that fails, and hands its error to its caller only', async () => {
    const limit = createConcurrencyLimit(1);
    const failing = limit(async () => {
      await tick();
      throw new Error('broken picture');
    });
    const after = limit(async () => 'next');
    expect(limit.queued).toBe(1);
    await expect(failing).rejects.toThrow('broken picture');
    await expect(after).resolves.toBe('next');
    expect(limit.active).toBe(0);
  });

  it('refuses a limit that is not a whole number from 1', () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => createConcurrencyLimit(bad), String(bad)).toThrow(/whole number from 1/);
  });
});
