import { describe, expect, it } from 'vitest';
import { requireData } from './fetch-json';

describe('requireData', () => {
  it('passes data through', async () => {
    await expect(requireData(Promise.resolve({ id: 1 }))).resolves.toEqual({ id: 1 });
    await expect(requireData(Promise.resolve({}))).resolves.toEqual({});
  });

  it('turns an aborted request (null) into an AbortError', async () => {
    const error = await requireData(Promise.resolve(null)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect(error).toMatchObject({ name: 'AbortError', message: 'Aborted' });
  });

  it('lets client errors through unchanged', async () => {
    const failure = new Error('boom');
    await expect(requireData(Promise.reject(failure))).rejects.toBe(failure);
  });
});
