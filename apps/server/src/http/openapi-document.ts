import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

// The OpenAPI document says what the server does (decision record 064): what fastify-swagger cannot say from a route's
// JSON schemas is put right here, from the same schemas, never by hand per endpoint.

type Transform = typeof jsonSchemaTransform;
type TransformObject = typeof jsonSchemaTransformObject;
type Json = Record<string, unknown>;

/** Carries a free-form query (a record) past fastify-swagger, which would make a parameter of each schema keyword. */
const FREE_FORM_QUERY = 'x-velora-free-form-query';

/**
 * Carries what an HTML page or a redirect answers (register-endpoint.ts): such a route has no response schema (nothing
 * is serialised), so fastify-swagger alone would document a "200 Default Response" and none of its errors.
 */
export const PAGE_ANSWER = 'x-velora-page-answer';

export interface PageAnswer {
  answer: 'html' | 'redirect';
  status: number;
  errors: readonly number[];
}

const ERROR_BODY = { $ref: '#/components/schemas/ErrorBody' };
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ERROR_BODY } } });
const htmlResponse = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });

/** The responses of a page or redirect: its errors are pages too, except the schemas' 400, which is the JSON error. */
function pageResponses(page: PageAnswer): Json {
  const responses: Json = {
    [page.status]:
      page.answer === 'html'
        ? htmlResponse('The page')
        : { description: 'A redirect to the page the Location header names', headers: { Location: { schema: { type: 'string' } } } },
  };
  for (const status of page.errors) responses[status] = status === 400 ? errorResponse('A malformed request') : htmlResponse('A page saying why not');
  return responses;
}

/**
 * Answers any operation can give before or around its handler (plugins/errors.ts): a broken percent-encoding in the URL
 * (400 BAD_URL), a named path parameter past the router's maxParamLength (414), and the body parser's refusals (invalid JSON
 * 400, 413, 415). Added where the operation does not list them already.
 */
function commonResponses(path: string, operation: Json): Json {
  const common: Json = { 400: errorResponse('A malformed request (the URL, a parameter or the body)') };
  // A named parameter, not the wildcard of /pages/*, which the router does not bound.
  if (/\{(?!\*\})[^}]+\}/.test(path)) common[414] = errorResponse('A part of the URL is too long');
  if (operation.requestBody !== undefined) {
    common[413] = errorResponse('The request body is too large');
    common[415] = errorResponse('The request body is not of a media type this operation reads');
  }
  return common;
}

const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export const openapiTransform: Transform = (input) => {
  const result = jsonSchemaTransform(input) as { schema: Json; url: string };
  const query = result.schema?.querystring;
  if (isJson(query) && query.properties === undefined && query.additionalProperties !== undefined) {
    const { querystring: _free, ...rest } = result.schema;
    return { ...result, schema: { ...rest, [FREE_FORM_QUERY]: query } };
  }
  return result;
};

const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export const openapiTransformObject: TransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as Json;
  const paths = isJson(document.paths) ? document.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isJson(item)) continue;
    for (const method of OPERATION_METHODS) {
      const operation = item[method];
      if (!isJson(operation)) continue;
      const free = operation[FREE_FORM_QUERY];
      if (isJson(free)) {
        // Every query parameter of the page URL, each under its own name: one form-exploded object (OpenAPI 3.1 §4.8.12).
        delete operation[FREE_FORM_QUERY];
        const parameters = Array.isArray(operation.parameters) ? operation.parameters : [];
        operation.parameters = [...parameters, { name: 'query', in: 'query', style: 'form', explode: true, schema: free }];
      }
      const page = operation[PAGE_ANSWER] as PageAnswer | undefined;
      if (page !== undefined) {
        delete operation[PAGE_ANSWER];
        operation.responses = pageResponses(page);
      }
      const responses = isJson(operation.responses) ? operation.responses : {};
      operation.responses = { ...commonResponses(path, operation), ...responses };
    }
  }
  return document as ReturnType<TransformObject>;
};
