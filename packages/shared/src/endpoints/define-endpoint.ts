import type { z } from 'zod';
import type { Capability } from '../rules/capabilities';

// One entry per HTTP call (decision record 023): what the server registers, what the web client is typed from,
// what the OpenAPI document shows and what the generated role and bad-input suite tries.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type SuccessStatus = 200 | 201 | 204 | 303;
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 451 | 502 | 503;

/**
 * What the success answer is: a JSON body of `response`, no body (204), an HTML page or a redirect (the sandbox
 * pages a browser opens itself; they carry no response schema).
 */
export type AnswerKind = 'json' | 'empty' | 'html' | 'redirect';

/** How a request body arrives: JSON (the default), a plain HTML form as well, or JSON kept as the raw text a signature covers. */
export type BodyEncoding = 'json' | 'json-or-form' | 'raw-json';

/** The raw request a partial law limit looks at (before validation: path parameters are strings). */
export interface LawLimitInput {
  params: Readonly<Record<string, string | undefined>>;
  body: unknown;
}

/** true: every call is law-limited (451 for SE); a predicate: only the calls it picks. */
export type LawLimitRule = true | ((request: LawLimitInput) => boolean);

type Schema = z.ZodType;

export interface EndpointSpec {
  method: HttpMethod;
  /** Fastify style (`/videos/:id`, `/pages/*`), relative to `/api`. */
  path: string;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  /** The success body; absent for `empty`, `html` and `redirect` answers. */
  response?: Schema;
  status: SuccessStatus;
  answer: AnswerKind;
  /** Every error status the call may answer with the ErrorBody (the OpenAPI document lists them). */
  errors: readonly ErrorStatus[];
  /** The body of its error answers when it is not the ErrorBody: a report that also fails (the readiness check's 503). */
  errorResponse?: Schema;
  /** Who may call it (rules/capabilities.ts). */
  capability: Capability;
  /** The 403's `code` when the caller lacks the capability (default FORBIDDEN): a refusal the web answers with a popup. */
  refusalCode?: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  /** Per-person or per-address limits in the service: a 429 with retry-after is a normal answer. */
  rateLimited?: boolean;
  /**
   * Creates something: takes an Idempotency-Key header (rules/idempotency-key.ts), answers a retry with the key with
   * the first answer, 422 for the key with another request, 409 while the first is still running (so its errors list
   * 400, 409 and 422). Member calls only.
   */
  idempotent?: boolean;
  /** product §4: SE users get 451 before the input is judged (plugins/law-limits.ts). */
  lawLimited?: LawLimitRule;
  /** A check in preValidation that answers before the input is judged (e.g. an unavailable provider is 404). */
  guardBeforeValidation?: { status: ErrorStatus; reason: string };
  /** Registered only under a condition of the configuration (the sandbox providers). */
  registeredWhen?: string;
  bodyEncoding?: BodyEncoding;
  /** Left out of the OpenAPI document (the document itself). */
  hidden?: boolean;
}

/** Names the path parameters of a Fastify path: `/a/:id/b/:name` → 'id' | 'name'; `/pages/*` → '*'. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : P extends `${string}*`
      ? '*'
      : never;

type ParamKeys<S extends EndpointSpec> = S['params'] extends Schema ? keyof z.input<S['params']> & string : never;

/** Path and params schema must name the same parameters: a mismatch is a compile error at the entry. */
type PathMatchesParams<S extends EndpointSpec> = [PathParamNames<S['path']>] extends [ParamKeys<S>]
  ? [ParamKeys<S>] extends [PathParamNames<S['path']>]
    ? unknown
    : { path: `params names a key that is not a :parameter of the path` }
  : { params: `the path has a :parameter that params does not name` };

/** Declares an endpoint, keeping its literal types (the path, the schemas) for the client's types. */
export function defineEndpoint<const S extends EndpointSpec>(spec: S & PathMatchesParams<S>): S {
  return spec;
}

export type Endpoint = EndpointSpec;

type InputOf<S> = S extends Schema ? z.input<S> : undefined;

/** Path parameters as the client sends them (a number for a numeric id; an enum keeps its values). */
export type EndpointParams<E extends EndpointSpec> = E['params'] extends Schema
  ? { [K in keyof z.input<E['params']>]: unknown extends z.input<E['params']>[K] ? string | number : z.input<E['params']>[K] }
  : undefined;
/** The query string as the client sends it (zod input: strings where the server parses numbers). */
export type EndpointQuery<E extends EndpointSpec> = InputOf<E['query']>;
/** The JSON body as the client sends it. */
export type EndpointBody<E extends EndpointSpec> = InputOf<E['body']>;
/** The success body as the client receives it; undefined for empty, HTML and redirect answers. */
export type EndpointResponse<E extends EndpointSpec> = E['response'] extends Schema ? z.output<E['response']> : undefined;

/** What the server's handler sees after validation (zod output). */
export type EndpointParsedParams<E extends EndpointSpec> = E['params'] extends Schema ? z.output<E['params']> : unknown;
export type EndpointParsedQuery<E extends EndpointSpec> = E['query'] extends Schema ? z.output<E['query']> : unknown;
export type EndpointParsedBody<E extends EndpointSpec> = E['body'] extends Schema ? z.output<E['body']> : unknown;

/**
 * The path of a call with its parameters filled in, relative to `/api`: `endpointPath(ENDPOINTS['videos.detail'],
 * { id: 3 })` → `/videos/3`. Each value is URI-encoded, except the wildcard of `/pages/*`, which is a path itself.
 */
export function endpointPath<E extends EndpointSpec>(
  endpoint: E,
  ...[params]: E['params'] extends Schema ? [params: EndpointParams<E>] : [params?: undefined]
): string {
  const values = (params ?? {}) as Record<string, string | number>;
  return endpoint.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)|\*$/g, (whole, name: string | undefined) => {
    const value = values[name ?? '*'];
    if (value === undefined) throw new Error(`endpointPath: ${endpoint.method} ${endpoint.path} needs "${name ?? '*'}"`);
    return name ? encodeURIComponent(String(value)) : String(value).split('/').map(encodeURIComponent).join('/');
  });
}

/** The path parameters a Fastify path names, in order (for tests and tools). */
export function pathParamNames(path: string): string[] {
  const names = [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);
  return path.endsWith('*') ? [...names, '*'] : names;
}
