import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isTransactionConflict } from '../db/transaction-conflicts';
import { HttpError } from '../lib/http-error';
import type { ApplySecurityHeaders } from './security-headers';

// Every error leaves as { error: { code, message, fields? } }; bad input is never a 500.

interface ErrorReply {
  status: number;
  code: string;
  message: string;
  fields?: Record<string, string>;
}

const PART_NAMES: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

function describeValidation(error: FastifyError): ErrorReply {
  const fields: Record<string, string> = {};
  const issues = (error.validation ?? []) as Array<{ instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } }>;
  for (const issue of issues) {
    const pathParts = issue.params?.issue?.path ?? issue.instancePath?.split('/').filter(Boolean) ?? [];
    const key = pathParts.map(String).join('.') || PART_NAMES[error.validationContext ?? ''] || 'request';
    fields[key] ??= issue.message ?? 'Invalid value';
  }
  const where = PART_NAMES[error.validationContext ?? ''] ?? 'request';
  const names = Object.keys(fields);
  return {
    status: 400,
    code: 'VALIDATION_FAILED',
    message: `Invalid ${where}: ${names.map((n) => `${n} (${fields[n]})`).join(', ')}`,
    fields,
  };
}

export function toErrorReply(error: FastifyError): ErrorReply {
  if (error instanceof HttpError) {
    return { status: error.statusCode, code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) };
  }
  if (hasZodFastifySchemaValidationErrors(error)) return describeValidation(error);
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, code: 'INVALID_JSON', message: `The request body is not valid JSON: ${error.message}` };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: 'BODY_TOO_LARGE', message: 'The request body is too large' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as application/json' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, code: 'INVALID_CONTENT_LENGTH', message: 'The Content-Length header does not match the body' };
  }
  if (error instanceof SyntaxError) return { status: 400, code: 'INVALID_JSON', message: `The request body is not valid JSON: ${error.message}` };
  // A transaction that still lost its race after the database layer's retries (decision record 063): nothing was written.
  if (isTransactionConflict(error)) return { status: 409, code: 'CONCURRENT_CHANGE', message: 'Something changed at the same moment as your request. Please try again.' };
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, code: error.code ?? 'BAD_REQUEST', message: error.message };
  return { status: 500, code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' };
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const r = toErrorReply(error);
    if (r.status >= 500 || isResponseSerializationError(error)) request.log.error({ err: error }, 'request failed');
    const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
    if (retryAfter) void reply.header('retry-after', String(retryAfter));
    return reply.status(r.status).send({ error: { code: r.code, message: r.message, ...(r.fields ? { fields: r.fields } : {}) } });
  });
});

/**
 * Fastify's own early answers (a URL that is not valid percent-encoding, a path parameter past maxParamLength) come
 * before every hook: this gives them the security headers and the error body of every other answer (decision 064).
 */
export function frameworkErrorsWith(applyHeaders: ApplySecurityHeaders) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
    const body = tooLong
      ? { error: { code: 'URI_TOO_LONG', message: 'A part of the URL is too long' } }
      : error.code === 'FST_ERR_BAD_URL'
        ? { error: { code: 'BAD_URL', message: 'The URL is not valid (a broken percent-encoding)' } }
        : { error: { code: 'BAD_REQUEST', message: 'The request cannot be served' } };
    applyHeaders(request.raw, reply.raw, () => {
      void reply
        .code(tooLong ? 414 : 400)
        .header('content-type', 'application/json; charset=utf-8')
        .send(JSON.stringify(body));
    });
  };
}
