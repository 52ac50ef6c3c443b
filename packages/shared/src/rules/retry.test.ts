import { describe, expect, it } from 'vitest';
import { REQUEST_RETRY_DELAY_MS, REQUEST_RETRY_LIMIT } from '../constants';
import { retryDelayMs } from './retry';

describe('retry constants (product §9)', () => {
  it('retries up to 5 times with a 150 ms delay', () => {
    expect(REQUEST_RETRY_LIMIT).toBe(5);
    expect(REQUEST_RETRY_DELAY_MS).toBe(150);
  });
});

describe('retryDelayMs (product §8)', () => {
  it.each([
    ['server-error', 1, 150],
    ['server-error', 2, 150],
    ['server-error', 5, 150],
    ['network-failure', 1, 150],
    ['network-failure', 2, 300],
    ['network-failure', 3, 450],
    ['network-failure', 5, 750],
  ] as const)('%s before retry %i → %i ms', (reason, attempt, expected) => {
    expect(retryDelayMs(reason, attempt)).toBe(expected);
  });
});
