// Typed errors of the HTTP client (product §8). The client only throws them; the app decides what they mean.

interface ErrorBodyShape {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/** Whether a body is our JSON error body `{ error: { code, message, fields? } }`. */
export function isErrorBody(body: unknown): body is ErrorBodyShape {
  if (typeof body !== 'object' || body === null) return false;
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, fields } = error as Record<string, unknown>;
  return (
    typeof code === 'string' &&
    typeof message === 'string' &&
    (fields === undefined || (typeof fields === 'object' && fields !== null && !Array.isArray(fields)))
  );
}

/** A reply with status 400 or above that was not retried. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly statusText: string;
  readonly code?: string;
  readonly fields?: Record<string, string>;
  /** The parsed JSON body, or the raw text when the body is not JSON. */
  readonly body: unknown;
  readonly path: string;

  constructor(init: { status: number; statusText: string; body: unknown; path: string }) {
    const errorBody = isErrorBody(init.body) ? init.body.error : undefined;
    // HTTP/2 replies carry no status text: fall back to the number rather than an empty message.
    super(errorBody?.message ?? (init.statusText || `Request failed with status ${init.status}`));
    this.status = init.status;
    this.statusText = init.statusText;
    this.body = init.body;
    this.path = init.path;
    if (errorBody) {
      this.code = errorBody.code;
      if (errorBody.fields) this.fields = errorBody.fields;
    }
  }
}

/** 5xx replies or network failures past the retry limit. */
export class MaxRetriesError extends Error {
  override readonly name = 'MaxRetriesError';
  readonly code = 'MaxRetries';
  readonly path: string;
  /** The status of the last attempt; null when it was a network failure. */
  readonly status: number | null;

  constructor(path: string, status: number | null, options?: { cause?: unknown }) {
    super('Retry limit reached', options);
    this.path = path;
    this.status = status;
  }
}

/** A reply below 400 whose body is not JSON. */
export class NonJsonResponseError extends Error {
  override readonly name = 'NonJsonResponseError';
  readonly status: number;
  readonly path: string;

  constructor(text: string, status: number, path: string) {
    super(text);
    this.status = status;
    this.path = path;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
