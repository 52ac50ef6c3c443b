import { describe, expect, it, vi } from 'vitest';
import { ApiError, MaxRetriesError } from '@/lib/http';
import { filteredReporter, shouldReportError } from './error-reporting';

const apiError = (status: number) => new ApiError({ status, statusText: '', body: null, path: '/x' });

describe('shouldReportError (product §8)', () => {
  it.each([
    ['a 400 answer', apiError(400), false],
    ['a 401 answer', apiError(401), false],
    ['a 429 answer', apiError(429), false],
    ['a resize-observer loop', new Error('ResizeObserver loop completed with undelivered notifications.'), false],
    ['a fetch failure', new TypeError('Failed to fetch'), false],
    ['a fullscreen error', new Error('Failed to execute requestFullscreen'), false],
    ['a detached buffer', new TypeError('Cannot perform %TypedArray%.prototype.set on a detached ArrayBuffer'), false],
    ['the retry limit', new MaxRetriesError('/videos', 503), true],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'x')"), true],
  ])('%s → %s', (_label, error, expected) => {
    expect(shouldReportError(error)).toBe(expected);
  });

  it('passes only reportable errors on', () => {
    const report = vi.fn();
    const reporter = filteredReporter(report);
    reporter(apiError(404));
    reporter(new Error('boom'), { where: 'test' });
    expect(report).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledWith(new Error('boom'), { where: 'test' });
  });
});
