import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteOptions, preValidationHookHandler } from 'fastify';
import { z } from 'zod';
import { ErrorBody, IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_KEY_RULE, type EndpointParsedBody, type EndpointParsedParams, type EndpointParsedQuery, type EndpointSpec } from '@velora/shared';
import { isAuditedWrite, recordAuditedCall, type AuditOptions } from './audited-endpoint';
import type { LawLimitedRule } from './law-limited-rule';
import { PAGE_ANSWER, type PageAnswer } from './openapi-document';

// Fastify routes from the shared endpoint table (decision record 023): the capability the auth hook checks, the law
// limit, the schemas fastify-type-provider-zod validates with and fastify-swagger documents, and the success status.

/** The request of an endpoint's handler: params, query and body as its schemas parse them. */
export type EndpointRequest<E extends EndpointSpec> = FastifyRequest<{
  Params: EndpointParsedParams<E>;
  Querystring: EndpointParsedQuery<E>;
  Body: EndpointParsedBody<E>;
}>;

/** What a handler may return: the success body (before the response schema serialises it), or the reply it sent. */
export type EndpointReplyBody<E extends EndpointSpec> = E['response'] extends z.ZodType
  ? E['answer'] extends 'empty'
    ? null | void
    : z.input<E['response']>
  : void;

export type EndpointHandler<E extends EndpointSpec> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointReplyBody<E> | FastifyReply>;

/** What a table entry cannot say: a check of the module before validation (the identity route's provider check). */
export interface EndpointRouteExtras {
  preValidation?: preValidationHookHandler;
  /** The subject and the state before, for the audit entry of an audited write (http/audited-endpoint.ts). */
  audit?: AuditOptions;
}

const BEARER = [{ bearer: [] }];

/**
 * The Idempotency-Key header of an `idempotent` entry, for the OpenAPI document: loose (every other header passes
 * through) and lenient (plugins/idempotency.ts judges the value, so its 400 names the header as the client spelt it).
 */
const IDEMPOTENT_HEADERS = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: z
    .string()
    .optional()
    .meta({
      // Stated, not checked here: the plugin's 400 names the header as the client spelt it.
      pattern: IDEMPOTENCY_KEY_PATTERN.source,
      description: `${IDEMPOTENCY_KEY_RULE}. A fresh key per user action, the same on retries: a retry gets the first answer again (for 24 hours).`,
    }),
});

/** The Fastify schema of an entry: inputs, the response map (success and every declared error), OpenAPI text. */
export function schemaOf(endpoint: EndpointSpec): FastifySchema & Record<string, unknown> {
  const schema: FastifySchema & Record<string, unknown> = { tags: [...endpoint.tags], summary: endpoint.summary };
  if (endpoint.description) schema.description = endpoint.description;
  if (endpoint.hidden) schema.hide = true;
  if (endpoint.capability !== 'public') schema.security = BEARER;
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  if (endpoint.idempotent) schema.headers = IDEMPOTENT_HEADERS;
  // HTML pages and redirects carry no response schema: their errors are pages too, and nothing is serialised.
  if (endpoint.response && (endpoint.answer === 'json' || endpoint.answer === 'empty')) {
    const errorBody = endpoint.errorResponse ?? ErrorBody;
    schema.response = { [endpoint.status]: endpoint.response, ...Object.fromEntries(endpoint.errors.map((status) => [status, errorBody])) };
  } else if (endpoint.answer === 'html' || endpoint.answer === 'redirect') {
    // For the OpenAPI document only (http/openapi-document.ts): what the page answers, with no schema to check it by.
    const page: PageAnswer = { answer: endpoint.answer, status: endpoint.status, errors: endpoint.errors };
    schema[PAGE_ANSWER] = page;
  }
  return schema;
}

/** The law-limit rule of plugins/law-limits.ts from the table's (which reads the raw params and body). */
export function lawLimitOf(endpoint: EndpointSpec): LawLimitedRule | undefined {
  const rule = endpoint.lawLimited;
  if (rule === undefined || rule === true) return rule;
  return (request) => rule({ params: (request.params ?? {}) as Record<string, string | undefined>, body: request.body });
}

/** The full route options of an entry, relative to the /api prefix the caller is registered under. */
export function routeOptionsOf<E extends EndpointSpec>(endpoint: E, handler: EndpointHandler<E>, extras: EndpointRouteExtras = {}): RouteOptions {
  const lawLimited = lawLimitOf(endpoint);
  const audited = isAuditedWrite(endpoint);
  return {
    method: endpoint.method,
    url: endpoint.path,
    config: {
      capability: endpoint.capability,
      ...(endpoint.refusalCode === undefined ? {} : { refusalCode: endpoint.refusalCode }),
      ...(lawLimited === undefined ? {} : { lawLimited }),
      ...(endpoint.idempotent ? { idempotent: true } : {}),
    },
    schema: schemaOf(endpoint),
    ...(extras.preValidation ? { preValidation: extras.preValidation } : {}),
    handler: async function endpointHandler(request, reply) {
      const before = audited && extras.audit?.before ? await extras.audit.before(request) : undefined;
      const result = await handler(request as EndpointRequest<E>, reply);
      if (audited) await recordAuditedCall(request, reply, endpoint, extras.audit, before, result);
      if (result === reply || reply.sent) return reply;
      // The table's success status (201, 204) unless the handler chose another one itself.
      if (reply.statusCode === 200 && endpoint.status !== 200) void reply.code(endpoint.status);
      return endpoint.answer === 'empty' ? reply.send(null) : result;
    },
  };
}

/** Registers one entry of the endpoint table with its handler. */
export function route<E extends EndpointSpec>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>, extras?: EndpointRouteExtras): void {
  app.route(routeOptionsOf(endpoint, handler, extras));
}
