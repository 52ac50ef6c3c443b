import { REQUEST_RETRY_LIMIT, TLD_HEADER, VISIT_ID_HEADER, retryDelayMs } from '@velora/shared';
import { ApiError, MaxRetriesError, NonJsonResponseError } from './api-error';

// The HTTP client of product §7 and §8. No UI side effects: it resolves data, resolves null for an
// aborted request, or throws one of the typed errors of api-error.ts.

export type QueryValue = string | number | boolean;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[] | null | undefined>;

export interface RequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Let the request outlive the page (a write the user expects kept even if they leave at once). */
  keepalive?: boolean;
}

export interface ApiClientOptions {
  /** The API base, e.g. '/api' or 'https://api.example.com'. */
  baseUrl: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  getAccessToken: () => string | null;
  getVisitId: () => string | null;
  setVisitId: (id: string) => void;
  getTld: () => string | null;
}

/**
 * Every method resolves the parsed JSON body ({} for a 204), or null when the request was
 * aborted. A JSON body of literally `null` is indistinguishable from an abort, so endpoints
 * should not reply with a bare null.
 */
export interface ApiClient {
  get<T>(path: string, params?: QueryParams, options?: RequestOptions): Promise<T | null>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T | null>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T | null>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T | null>;
  delete<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T | null>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Only non-null params, arrays joined with commas. */
export function toQueryString(params: QueryParams | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    search.append(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return search.toString();
}

function joinUrl(baseUrl: string, path: string, query: string): string {
  const url = `${baseUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  if (signal?.aborted) return true;
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

type Attempt<T> =
  | { kind: 'done'; value: T | null }
  | { kind: 'retry'; reason: 'server-error' | 'network-failure'; status: number | null; cause?: unknown };

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const sleep = options.sleep ?? defaultSleep;

  function headersFor(body: BodyInit | undefined, extra: Record<string, string> | undefined): Record<string, string> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const tld = options.getTld();
    if (tld) headers[TLD_HEADER] = tld;
    const visitId = options.getVisitId();
    if (visitId) headers[VISIT_ID_HEADER] = visitId;
    const token = options.getAccessToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    // FormData sets its own multipart boundary; only a JSON body is labelled here.
    if (typeof body === 'string') headers['Content-Type'] = 'application/json';
    return { ...headers, ...extra };
  }

  function rememberVisitId(response: Response): void {
    const id = response.headers.get(VISIT_ID_HEADER);
    if (id) options.setVisitId(id);
  }

  async function attempt<T>(path: string, url: string, init: RequestInit, signal: AbortSignal | undefined): Promise<Attempt<T>> {
    let response: Response;
    try {
      response = await doFetch(url, init);
    } catch (error) {
      if (isAbort(error, signal)) return { kind: 'done', value: null };
      return { kind: 'retry', reason: 'network-failure', status: null, cause: error };
    }
    rememberVisitId(response);
    if (response.status >= 500) return { kind: 'retry', reason: 'server-error', status: response.status };
    if (response.status === 204) return { kind: 'done', value: {} as T };

    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      if (isAbort(error, signal)) return { kind: 'done', value: null };
      // The connection broke while the body was arriving: a network failure like any other.
      return { kind: 'retry', reason: 'network-failure', status: null, cause: error };
    }

    let parsed: { ok: true; value: unknown } | { ok: false };
    try {
      parsed = { ok: true, value: JSON.parse(text) };
    } catch {
      parsed = { ok: false };
    }
    // A 4xx is an ApiError whatever its body, so the app can act on the status (e.g. a 401 from a proxy page).
    if (response.status >= 400) {
      throw new ApiError({ status: response.status, statusText: response.statusText, body: parsed.ok ? parsed.value : text, path });
    }
    if (!parsed.ok) throw new NonJsonResponseError(text, response.status, path);
    return { kind: 'done', value: parsed.value as T };
  }

  async function request<T>(method: Method, path: string, query: QueryParams | undefined, body: unknown, requestOptions: RequestOptions | undefined): Promise<T | null> {
    const signal = requestOptions?.signal;
    const payload: BodyInit | undefined =
      body === undefined || body === null ? undefined : body instanceof FormData ? body : JSON.stringify(body);
    const url = joinUrl(options.baseUrl, path, toQueryString(query));

    for (let retries = 0; ; retries += 1) {
      if (signal?.aborted) return null;
      // Headers are read per attempt: a token or visit id stored meanwhile is used on the retry.
      const init: RequestInit = {
        method,
        headers: headersFor(payload, requestOptions?.headers),
        credentials: 'include',
        cache: 'no-store',
        ...(payload !== undefined ? { body: payload } : {}),
        ...(signal ? { signal } : {}),
        ...(requestOptions?.keepalive ? { keepalive: true } : {}),
      };
      const outcome = await attempt<T>(path, url, init, signal);
      if (outcome.kind === 'done') return outcome.value;
      if (retries >= REQUEST_RETRY_LIMIT) {
        throw new MaxRetriesError(path, outcome.status, outcome.cause === undefined ? undefined : { cause: outcome.cause });
      }
      await sleep(retryDelayMs(outcome.reason, retries + 1));
    }
  }

  return {
    get: (path, params, opts) => request('GET', path, params, undefined, opts),
    post: (path, body, opts) => request('POST', path, undefined, body, opts),
    put: (path, body, opts) => request('PUT', path, undefined, body, opts),
    patch: (path, body, opts) => request('PATCH', path, undefined, body, opts),
    delete: (path, body, opts) => request('DELETE', path, undefined, body, opts),
  };
}
