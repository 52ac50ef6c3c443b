// A fake server behind the mocked '@/lib/http' api: the test file mocks the module (vi.mock is hoisted per file)
// and hands the mock in. Shared by the app's tests and the features' own.
import type { Mock } from 'vitest';
import { ApiError } from '@/lib/http';

export type Handler = (input: unknown) => unknown;
type Method = 'get' | 'post' | 'put' | 'delete';
export type FakeRoutes = Partial<Record<Method, Record<string, Handler>>>;

export interface ApiMock {
  get: Mock;
  post: Mock;
  put: Mock;
  patch: Mock;
  delete: Mock;
}

/**
 * Answers each call by method and path, from `routes` or else from `fallback`; a handler may throw (e.g. an
 * ApiError). Anything else fails the test loudly.
 */
export function fakeApi(api: ApiMock, routes: FakeRoutes, fallback: FakeRoutes = {}): void {
  const answer = (method: Method, path: string, input: unknown) => {
    const handler = routes[method]?.[path] ?? fallback[method]?.[path];
    if (!handler) return Promise.reject(new Error(`Unexpected ${method.toUpperCase()} ${path}`));
    try {
      return Promise.resolve(handler(input));
    } catch (error) {
      return Promise.reject(error);
    }
  };
  api.get.mockImplementation((path: string, params: unknown) => answer('get', path, params));
  api.post.mockImplementation((path: string, body: unknown) => answer('post', path, body));
  api.put.mockImplementation((path: string, body: unknown) => answer('put', path, body));
  api.delete.mockImplementation((path: string, body: unknown) => answer('delete', path, body));
}

/** An ApiError as the server sends it: `{ error: { code, message, fields? } }`. */
export function serverError(
  status: number,
  message: string,
  { code = `E${status}`, fields, statusText = '' }: { code?: string; fields?: Record<string, string>; statusText?: string } = {},
): ApiError {
  return new ApiError({ status, statusText, body: { error: { code, message, ...(fields ? { fields } : {}) } }, path: '' });
}
