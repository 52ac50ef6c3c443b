import type { EndpointBody, EndpointName, EndpointParams, EndpointQuery, EndpointResponse, Endpoints, EndpointSpec } from '@velora/shared';
import { IDEMPOTENCY_KEY_HEADER, SITE_ENDPOINTS, endpointPath, newIdempotencyKey } from '@velora/shared';
import type { QueryParams, QueryValue, RequestOptions } from './api-client';
import { toQueryString } from './api-client';
// The app's client through the module's public entry, not './api-client': a test that mocks '@/lib/http'
// replaces `api`, and its typed calls must reach that mock (the fake server answers by method and path).
import { api } from './index';

// Typed calls of the endpoint table (decision records 023, 022): the name picks the entry, the entry types the
// path parameters, the query, the body and the answer. The request itself goes through `api`, so product §7/§8
// (headers, retries, 204 → {}, errors, abort → null, FormData as it is) stays the client's alone.

/** The names the web may call: JSON and 204 answers. The sandbox's HTML pages and redirects are for the browser. */
export type CallableName = {
  [N in EndpointName]: Endpoints[N]['answer'] extends 'json' | 'empty' ? N : never;
}[EndpointName];

type Scalar<T> = T extends string ? (string extends T ? string | number : T) : T;
/** A query value as the client sends it: the server parses text, so a number is fine where it reads a string. */
type ClientQueryValue<T> = unknown extends T ? QueryValue | readonly QueryValue[] : T extends readonly (infer I)[] ? readonly Scalar<I>[] : Scalar<T>;

/** The query of an entry, as the client sends it; an optional key may be null (left out, like undefined). */
export type CallQuery<E extends EndpointSpec> = {
  [K in keyof EndpointQuery<E>]: ClientQueryValue<EndpointQuery<E>[K]> | (undefined extends EndpointQuery<E>[K] ? null : never);
};

/** A part the entry has not is refused; a part whose every key is optional may be left out. */
type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: never }
  : undefined extends T
    ? { [P in K]?: T }
    : object extends T
      ? { [P in K]?: T }
      : { [P in K]: T };

/** What a call sends: `params` (the path's :parameters), `query`, `body`, each typed by the entry. */
export type CallInput<E extends EndpointSpec> = Part<'params', EndpointParams<E>> &
  Part<'query', E['query'] extends undefined ? undefined : CallQuery<E>> &
  Part<'body', EndpointBody<E>>;

/** What a call resolves: the entry's response; `{}` for a 204 (the client's answer to an empty body). */
export type CallResult<E extends EndpointSpec> = E['answer'] extends 'empty' ? Record<string, never> : EndpointResponse<E>;

type CallArgs<E extends EndpointSpec> = object extends CallInput<E>
  ? [input?: CallInput<E>, options?: RequestOptions]
  : [input: CallInput<E>, options?: RequestOptions];

/** Only the options given: `{ signal: undefined }` reaches the client as no options at all, as before. */
function given(options: RequestOptions | undefined): RequestOptions | undefined {
  if (!options) return undefined;
  const kept = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as RequestOptions;
  return Object.keys(kept).length > 0 ? kept : undefined;
}

/**
 * A call that creates something (the table's `idempotent`) carries a fresh Idempotency-Key, one per call, i.e. per
 * user action: the client's own retries send the same options again, so a retry after a lost answer gets the first
 * answer instead of creating a second message (decision record 030). A key the caller chose is kept.
 */
function withIdempotencyKey(endpoint: EndpointSpec, options: RequestOptions | undefined): RequestOptions | undefined {
  if (!endpoint.idempotent) return options;
  const headers = options?.headers ?? {};
  const chosen = Object.keys(headers).some((name) => name.toLowerCase() === IDEMPOTENCY_KEY_HEADER.toLowerCase());
  return chosen ? options : { ...options, headers: { ...headers, [IDEMPOTENCY_KEY_HEADER]: newIdempotencyKey() } };
}

/**
 * Calls an endpoint of the table by name: `call('videos.detail', { params: { id } }, { signal })`. Resolves the
 * entry's response, or null when aborted, exactly as `api` does; a wrong name, parameter, query key or body is
 * a compile error.
 */
/**
 * The back office's entries, loaded with its first call: the first chunk carries the site's entries and their
 * contracts only (decision records 023, 052), and a member never downloads the back office's.
 */
let backofficeEntries: Promise<Record<string, EndpointSpec>> | null = null;
const loadBackofficeEntries = () =>
  (backofficeEntries ??= import('@velora/shared/endpoints/backoffice-all').then(({ BACKOFFICE_ENDPOINTS }): Record<string, EndpointSpec> => BACKOFFICE_ENDPOINTS));

/**
 * Calls an endpoint of the table by name: `call('videos.detail', { params: { id } }, { signal })`. Resolves the
 * entry's response, or null when aborted, exactly as `api` does; a wrong name, parameter, query key or body is
 * a compile error.
 */
export function call<N extends CallableName>(name: N, ...args: CallArgs<Endpoints[N]>): Promise<CallResult<Endpoints[N]> | null> {
  const site = (SITE_ENDPOINTS as Record<string, EndpointSpec>)[name];
  if (site) return send<CallResult<Endpoints[N]>>(site, args);
  return loadBackofficeEntries().then((entries) => {
    const entry = entries[name as string];
    if (!entry) throw new Error(`No endpoint called ${name} in the table`);
    return send<CallResult<Endpoints[N]>>(entry, args);
  });
}

function send<Result>(endpoint: EndpointSpec, args: readonly unknown[]): Promise<Result | null> {
  const [input, callerOptions] = args as [unknown, RequestOptions | undefined];
  const options = withIdempotencyKey(endpoint, callerOptions);
  const { params, query, body } = (input ?? {}) as { params?: Record<string, string | number>; query?: QueryParams; body?: unknown };
  const path = (endpointPath as (e: EndpointSpec, p?: Record<string, string | number>) => string)(endpoint, params);
  // No entry sends a query with a body today; should one, its query rides on the path.
  const search = endpoint.method === 'GET' ? '' : toQueryString(query);
  const target = search ? `${path}?${search}` : path;
  const payload = endpoint.method === 'GET' ? query : body;
  // The client gets what the caller gave: the query or body when there is one, the options when any were passed.
  const rest: [payload?: unknown, options?: RequestOptions] =
    args.length > 1 || options !== callerOptions ? [payload, given(options)] : payload === undefined ? [] : [payload];
  switch (endpoint.method) {
    case 'GET':
      return api.get<Result>(path, ...(rest as [QueryParams?, RequestOptions?]));
    case 'POST':
      return api.post<Result>(target, ...rest);
    case 'PUT':
      return api.put<Result>(target, ...rest);
    case 'DELETE':
      return api.delete<Result>(target, ...rest);
  }
}
