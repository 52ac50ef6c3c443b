import { describe, expect, it } from 'vitest';
import { ApiError, MaxRetriesError, NonJsonResponseError, isApiError, isErrorBody } from './api-error';

const notFound = new ApiError({ status: 404, statusText: 'Not Found', body: { error: { code: 'NOT_FOUND', message: 'No such page' } }, path: '/pages/x' });

describe('ApiError', () => {
  it('takes message, code and fields from our JSON error body', () => {
    const e = new ApiError({ status: 400, statusText: 'Bad Request', body: { error: { code: 'V', message: 'Bad', fields: { a: 'b' } } }, path: '/p' });
    expect(e).toMatchObject({ name: 'ApiError', message: 'Bad', code: 'V', fields: { a: 'b' }, status: 400, statusText: 'Bad Request', path: '/p' });
    expect(e).toBeInstanceOf(Error);
  });

  it('falls back to the status text, then to the status number, for other bodies', () => {
    expect(new ApiError({ status: 418, statusText: "I'm a teapot", body: 'x', path: '/' }).message).toBe("I'm a teapot");
    expect(new ApiError({ status: 409, statusText: '', body: null, path: '/' }).message).toBe('Request failed with status 409');
  });
});

describe('isErrorBody', () => {
  it.each([
    [{ error: { code: 'C', message: 'M' } }, true],
    [{ error: { code: 'C', message: 'M', fields: { a: 'b' } } }, true],
    [{ error: { code: 'C' } }, false],
    [{ error: 'boom' }, false],
    [{ error: { code: 'C', message: 'M', fields: ['a'] } }, false],
    [null, false],
    ['text', false],
  ])('%j → %s', (body, expected) => {
    expect(isErrorBody(body)).toBe(expected);
  });
});

describe('MaxRetriesError', () => {
  it("says 'Retry limit reached' with code MaxRetries, the path and the last status", () => {
    const e = new MaxRetriesError('/videos', 502);
    expect(e).toMatchObject({ name: 'MaxRetriesError', message: 'Retry limit reached', code: 'MaxRetries', path: '/videos', status: 502 });
    expect(new MaxRetriesError('/videos', null).status).toBeNull();
  });
});

describe('NonJsonResponseError', () => {
  it('carries the text as message and the status', () => {
    expect(new NonJsonResponseError('oops', 200, '/x')).toMatchObject({ name: 'NonJsonResponseError', message: 'oops', status: 200, path: '/x' });
  });
});

describe('isApiError', () => {
  it('recognises an ApiError, optionally of a given status', () => {
    expect(isApiError(notFound)).toBe(true);
    expect(isApiError(notFound, 404)).toBe(true);
    expect(isApiError(notFound, 401)).toBe(false);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError(new MaxRetriesError('/x', 500), 500)).toBe(false);
    expect(isApiError(null)).toBe(false);
  });
});
