import { createRequire } from 'node:module';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { createGeneratorSync } from 'json-schema-faker';
import type { Random } from './random';

// Requests generated from the served OpenAPI document alone (decision record 064): a positive case keeps to every
// schema of the operation (json-schema-faker generates it), a negative case breaks one of them on purpose and is
// checked to be invalid by the same validator the answers are judged with.

const require = createRequire(import.meta.url);
const addFormats = require('ajv-formats') as (ajv: Ajv2020) => Ajv2020;

type Json = Record<string, unknown>;
export type Schema = Json | boolean;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Schema;
  style?: string;
  explode?: boolean;
}

export interface Operation {
  method: string;
  /** OpenAPI style, relative to the server URL: `/videos/{id}`. */
  path: string;
  parameters: Parameter[];
  body?: Schema;
  bodyRequired: boolean;
  /** Status → the response's media types and their schemas (an empty map: no content). */
  responses: Record<string, Record<string, Schema | undefined>>;
  secured: boolean;
}

const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A copy of a schema with every `#/components/schemas/…` reference replaced by its target (cycles cut at depth 8). */
function inlined(schema: unknown, components: Json, depth = 0): unknown {
  if (Array.isArray(schema)) return schema.map((s) => inlined(s, components, depth));
  if (!isJson(schema)) return schema;
  const ref = schema.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
    if (depth > 8) return {};
    const { $ref: _ref, ...rest } = schema;
    const target = inlined(components[ref.slice('#/components/schemas/'.length)], components, depth + 1);
    return Object.keys(rest).length === 0 ? target : { allOf: [target, inlined(rest, components, depth)] };
  }
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, inlined(v, components, depth)]));
}

/** Every operation of the document, its schemas inlined. */
export function operationsOf(document: Json): Operation[] {
  const components = isJson(document.components) && isJson(document.components.schemas) ? document.components.schemas : {};
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(isJson(document.paths) ? document.paths : {})) {
    if (!isJson(item)) continue;
    for (const method of ['get', 'post', 'put', 'delete', 'patch']) {
      const op = item[method];
      if (!isJson(op)) continue;
      const parameters = (Array.isArray(op.parameters) ? op.parameters : []).filter(isJson).map((p) => ({
        name: String(p.name),
        in: p.in as Parameter['in'],
        required: p.required === true,
        schema: inlined(p.schema ?? {}, components) as Schema,
        ...(typeof p.style === 'string' ? { style: p.style } : {}),
        ...(typeof p.explode === 'boolean' ? { explode: p.explode } : {}),
      }));
      const requestBody = isJson(op.requestBody) ? op.requestBody : undefined;
      const jsonBody = requestBody && isJson(requestBody.content) && isJson(requestBody.content['application/json']) ? requestBody.content['application/json'] : undefined;
      const responses: Operation['responses'] = {};
      for (const [status, response] of Object.entries(isJson(op.responses) ? op.responses : {})) {
        const content = isJson(response) && isJson(response.content) ? response.content : {};
        responses[status] = Object.fromEntries(
          Object.entries(content).map(([type, media]) => [type, isJson(media) && media.schema !== undefined ? (inlined(media.schema, components) as Schema) : undefined]),
        );
      }
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters,
        ...(jsonBody ? { body: inlined(jsonBody.schema ?? {}, components) as Schema } : {}),
        bodyRequired: requestBody?.required === true,
        responses,
        secured: Array.isArray(op.security) && op.security.length > 0,
      });
    }
  }
  return operations;
}

/** One validator for requests and answers: JSON Schema 2020-12 (OpenAPI 3.1's dialect) with its formats. */
export function createValidator(): (schema: Schema, value: unknown) => boolean {
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: false, validateFormats: true }));
  // OpenAPI's own keywords that may sit in a schema.
  ajv.addKeyword({ keyword: 'example' });
  const compiled = new WeakMap<object, ValidateFunction>();
  return (schema, value) => {
    if (typeof schema === 'boolean') return schema;
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(schema, validate);
    }
    return validate(value) === true;
  };
}

/**
 * Generators for the patterns json-schema-faker's regex generator rarely meets along with the rest of the schema (its
 * `\s` and `\S` yield control characters the plain-line patterns refuse; its e-mails run past the domain rule): a
 * string schema with one of these patterns is generated through a format of this name instead. Every value is still
 * checked against the full schema before it is sent.
 */
const PATTERN_FORMATS: Record<string, { format: string; generate: (random: { int(min: number, max: number): number }) => string }> = {
  // idListText (packages/shared): "3, 7,12".
  '^\\s*\\d*\\s*(,\\s*\\d*\\s*)*$': {
    format: 'x-velora-id-list',
    generate: (r) => Array.from({ length: r.int(0, 3) }, () => String(r.int(1, 40))).join(r.int(0, 1) ? ',' : ', '),
  },
  // The contact e-mail (z.email()'s pattern).
  "^(?:[A-Za-z0-9_'+\\-]+\\.)*[A-Za-z0-9_'+\\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}$": {
    format: 'x-velora-email',
    generate: (r) => `fuzz${r.int(1, 99_999)}@example.com`,
  },
  // The report URL.
  '^https?:\\/\\/[A-Za-z0-9.-]+(:[0-9]{1,4})?([/?#]\\S*)?$': {
    format: 'x-velora-web-address',
    generate: (r) => `https://example.com/videos/${r.int(1, 999)}`,
  },
  // The forgot-password rule: a non-space character somewhere.
  '\\S': { format: 'x-velora-word', generate: (r) => `someone${r.int(1, 999)}` },
};

/** `^[^…]*$`: a pattern refusing some characters (the plain-line rules), which every generated letter keeps to. */
const isRefusingPattern = (pattern: string) => /^\^\[\^[^\]]*\]\*\$$/.test(pattern);

/**
 * The schema json-schema-faker is given (the document's own schema judges the value): patterns stacked in an allOf,
 * of which it keeps only the last, become the one that says most, or a format of PATTERN_FORMATS.
 */
function forGeneration(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forGeneration);
  if (!isJson(schema)) return schema;
  const out: Json = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, forGeneration(v)]));
  const stacked = Array.isArray(out.allOf) && out.allOf.every((s) => isJson(s) && Object.keys(s).length === 1 && typeof s.pattern === 'string');
  const patterns = [...(typeof out.pattern === 'string' ? [out.pattern] : []), ...(stacked ? (out.allOf as Array<{ pattern: string }>).map((s) => s.pattern) : [])];
  if (patterns.length === 0) return out;
  if (stacked) delete out.allOf;
  delete out.pattern;
  const telling = patterns.filter((p) => !isRefusingPattern(p));
  const known = telling.find((p) => PATTERN_FORMATS[p] !== undefined);
  if (known !== undefined) out.format = PATTERN_FORMATS[known]!.format;
  else if (telling.length > 0) out.pattern = telling[telling.length - 1];
  return out;
}

const FORMATS = Object.fromEntries(Object.values(PATTERN_FORMATS).map(({ format, generate }) => [format, generate]));

/** A value of a schema from json-schema-faker, seeded from the run's generator so a seed repeats a run. */
export function generatorFor(random: Random) {
  const prepared = new WeakMap<object, unknown>();
  return (schema: Schema): unknown => {
    if (typeof schema === 'boolean') return schema ? {} : undefined;
    let generationSchema = prepared.get(schema);
    if (generationSchema === undefined) {
      generationSchema = forGeneration(schema);
      prepared.set(schema, generationSchema);
    }
    const generator = createGeneratorSync({ seed: random.int(1, 2 ** 31 - 1), maxDepth: 4, maxDefaultItems: 2, optionalsProbability: 0.5, formats: FORMATS });
    return generator.generate(generationSchema as never);
  };
}

/** What a schema says of one value: the first type it names (through allOf, anyOf). */
function typeOf(schema: Schema): string | undefined {
  if (!isJson(schema)) return undefined;
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null') as string | undefined;
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const list = schema[key];
    if (Array.isArray(list)) for (const s of list) {
      const t = typeOf(s as Schema);
      if (t) return t;
    }
  }
  if (isJson(schema.properties)) return 'object';
  return undefined;
}

/** Values that break a schema, most of them whatever else it says (a wrong type, a bound crossed by one). */
export function breakersOf(schema: Schema): unknown[] {
  if (!isJson(schema)) return [];
  const values: unknown[] = [];
  const type = typeOf(schema);
  if (Array.isArray(schema.enum)) values.push('not-one-of-these');
  if (type === 'integer' || type === 'number') {
    values.push('abc', true, { a: 1 });
    if (type === 'integer') values.push(1.5);
    if (typeof schema.maximum === 'number') values.push(schema.maximum + 1);
    if (typeof schema.minimum === 'number') values.push(schema.minimum - 1);
  } else if (type === 'string') {
    values.push(42, true, null, ['x']);
    if (typeof schema.maxLength === 'number') values.push('x'.repeat(schema.maxLength + 1));
    if (typeof schema.minLength === 'number' && schema.minLength > 0) values.push('');
    if (schema.pattern !== undefined || schema.allOf !== undefined) values.push('bell\u0007', 'nul\u0000', 'a b\u001b');
    if (schema.format === 'email') values.push('not-an-address');
    if (schema.format === 'uri') values.push('not a url');
  } else if (type === 'boolean') {
    values.push('yes', 2, null);
  } else if (type === 'array') {
    values.push('not-a-list', { a: 1 });
    if (typeof schema.maxItems === 'number') values.push(Array.from({ length: schema.maxItems + 1 }, () => ({})));
  } else if (type === 'object') {
    values.push('not-an-object', 7, [1]);
  }
  return values;
}

/** The text a path, query or header parameter carries for a value (arrays as several query values). */
export function wireText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Whether a parameter's text is what its schema takes, as the server reads it: a number or boolean schema parses the
 * text, an array takes each repeated value.
 */
export function parameterValid(validate: (schema: Schema, value: unknown) => boolean, schema: Schema, text: string | string[]): boolean {
  const type = typeOf(schema);
  if (Array.isArray(text)) return type === 'array' ? validate(schema, text.map((t) => coerce(itemsOf(schema), t))) : text.length === 1 && parameterValid(validate, schema, text[0]!);
  if (type === 'array') return validate(schema, [coerce(itemsOf(schema), text)]);
  return validate(schema, coerce(schema, text));
}

const itemsOf = (schema: Schema): Schema => (isJson(schema) && schema.items !== undefined ? (schema.items as Schema) : {});

function coerce(schema: Schema, text: string): unknown {
  const type = typeOf(schema);
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text)) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}
