/** An error a route may throw to answer with a specific status and the JSON error body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new HttpError(400, 'VALIDATION_FAILED', message, fields);
export const unauthorized = (message = 'Log in to continue') => new HttpError(401, 'UNAUTHORIZED', message);
export const forbidden = (message: string) => new HttpError(403, 'FORBIDDEN', message);
export const notFound = (message: string) => new HttpError(404, 'NOT_FOUND', message);
export const conflict = (message: string, fields?: Record<string, string>) => new HttpError(409, 'CONFLICT', message, fields);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  Object.assign(new HttpError(429, 'TOO_MANY_REQUESTS', message), { retryAfterSeconds });
