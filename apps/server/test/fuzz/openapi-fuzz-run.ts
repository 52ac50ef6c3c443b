import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_PREFIX, ENDPOINT_ENTRIES, type EndpointName, type EndpointSpec } from '@velora/shared';
import { validParts } from '../endpoints/endpoint-requests';
import { buildEndpointWorld } from '../endpoints/endpoint-world';
import type { Engine } from '../test-app';
import { breakersOf, createValidator, generatorFor, operationsOf, parameterValid, wireText, type Operation, type Parameter, type Schema } from './openapi-cases';
import { seededRandom, type Random } from './random';

// The OpenAPI fuzz run (decision record 064): the document the server serves is the only source of the requests and
// the judge of the answers, as an outside client's fuzzer reads it. Each mismatch is a place where the document and
// the server disagree.

export interface OpenapiFuzzOptions {
  engine: Engine;
  seed: number;
  /** Requests in all; the first pass sends each operation one positive and one negative case. */
  requests: number;
  budgetMs: number;
}

export interface Mismatch {
  rule: string;
  operation: string;
  kind: 'positive' | 'negative';
  role: 'visitor' | 'member';
  status: number;
  request: { method: string; url: string; headers: Record<string, string>; payload?: string };
  broke?: string;
  answer: string;
}

export interface OpenapiFuzzReport {
  engine: Engine;
  seed: number;
  sent: number;
  operations: number;
  durationMs: number;
  statuses: Record<string, number>;
  mismatches: Mismatch[];
  outOfTime: boolean;
  /** Cases tried, sent or not (a negative case some operations have no form of): the first pass is 2 per operation. */
  tried: number;
  /** Operations json-schema-faker made no valid request of (in 24 tries). */
  ungenerated: Set<string>;
}

/** The message of the 400 the schemas answer (plugins/errors.ts describeValidation). */
const SCHEMA_REFUSAL = /^Invalid (body|query|path|header|request): /;

const SECURITY_HEADERS = ['content-security-policy', 'x-content-type-options', 'x-frame-options'];

/** `/videos/{id}` → the table's entry for `/videos/:id`: its world sample has ids that exist. */
function entryOf(operation: Operation): [EndpointName, EndpointSpec] | undefined {
  const fastifyPath = operation.path.replace(/\{([^}]+)\}/g, (_w, name: string) => (name === '*' ? '*' : `:${name}`));
  return (ENDPOINT_ENTRIES as Array<[EndpointName, EndpointSpec]>).find(([, e]) => e.method === operation.method && e.path === fastifyPath);
}

const encodePath = (name: string, text: string) => (name === '*' ? text.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(text));

interface Case {
  kind: 'positive' | 'negative';
  values: Map<Parameter, string | string[] | undefined>;
  /** The free-form query (a form-exploded object): its own keys. */
  freeQuery: Record<string, string | string[]>;
  body: unknown;
  broke?: string;
}

/** Text of a generated parameter value; arrays repeat the query parameter. */
const parameterText = (value: unknown): string | string[] => (Array.isArray(value) ? value.map(wireText) : wireText(value));

/** A value the schema takes: json-schema-faker's, checked (it does not keep to every combination of keywords). */
function validValue(schema: Schema, generate: (s: Schema) => unknown, validate: (s: Schema, v: unknown) => boolean, check: (v: unknown) => boolean = (v) => validate(schema, v)): unknown {
  for (let attempt = 0; attempt < 24; attempt++) {
    const value = generate(schema);
    if (check(value)) return value;
  }
  throw new UngeneratedError();
}

class UngeneratedError extends Error {}

function positiveCase(
  operation: Operation,
  generate: (s: Schema) => unknown,
  validate: (s: Schema, v: unknown) => boolean,
  random: Random,
  realParams: Record<string, string> | undefined,
): Case {
  const values = new Map<Parameter, string | string[] | undefined>();
  const freeQuery: Record<string, string | string[]> = {};
  for (const parameter of operation.parameters) {
    if (parameter.in === 'query' && parameter.style === 'form' && parameter.explode && parameter.name === 'query') {
      const generated = validValue(parameter.schema, generate, validate);
      if (generated && typeof generated === 'object') for (const [k, v] of Object.entries(generated)) if (k) freeQuery[k] = parameterText(v);
      continue;
    }
    if (parameter.in === 'path' && realParams?.[parameter.name] !== undefined && random.chance(0.6)) {
      values.set(parameter, realParams[parameter.name]);
      continue;
    }
    if (!parameter.required && random.chance(0.4)) continue;
    // An empty path segment names another route; a header cannot carry a control character.
    const value = validValue(parameter.schema, generate, validate, (v) => {
      const text = parameterText(v);
      if (parameter.in === 'path' && text === '') return false;
      if (parameter.in === 'header' && /[^\x20-\x7e]/.test(String(text))) return false;
      return parameterValid(validate, parameter.schema, text);
    });
    values.set(parameter, parameterText(value));
  }
  const body = operation.body !== undefined ? validValue(operation.body, generate, validate) : undefined;
  return { kind: 'positive', values, freeQuery, body };
}

/** A positive case with one schema broken: a parameter's value, a body field's, the body's, or a required field left out. */
function negativeCase(operation: Operation, base: Case, random: Random, validate: (s: Schema, v: unknown) => boolean): Case | null {
  const targets: Array<() => Case | null> = [];
  for (const parameter of operation.parameters) {
    if (parameter.name === 'query' && parameter.style === 'form') continue;
    for (const bad of breakersOf(parameter.schema)) {
      targets.push(() => {
        const text = parameterText(bad);
        if (parameter.in === 'path' && (text === '' || (Array.isArray(text) && text.length === 0))) return null;
        // eslint-disable-next-line no-control-regex
        if (parameter.in === 'header' && typeof text === 'string' && /[\u0000-\u001f\u007f]/.test(text)) return null;
        if (parameterValid(validate, parameter.schema, text)) return null;
        const values = new Map(base.values);
        values.set(parameter, text);
        return { ...base, kind: 'negative', values, broke: `${parameter.in} ${parameter.name} = ${JSON.stringify(text)}` };
      });
    }
    if (parameter.required && parameter.in !== 'path') {
      targets.push(() => {
        const values = new Map(base.values);
        values.set(parameter, undefined);
        return { ...base, kind: 'negative', values, broke: `${parameter.in} ${parameter.name} left out` };
      });
    }
  }
  const body = operation.body;
  if (body !== undefined && typeof body === 'object') {
    for (const bad of breakersOf(body)) targets.push(() => ({ ...base, kind: 'negative', body: bad, broke: `body = ${JSON.stringify(bad)}` }));
    const properties = (body.properties ?? {}) as Record<string, Schema>;
    const required = Array.isArray(body.required) ? (body.required as string[]) : [];
    const current = base.body && typeof base.body === 'object' && !Array.isArray(base.body) ? (base.body as Record<string, unknown>) : {};
    for (const [name, schema] of Object.entries(properties)) {
      for (const bad of breakersOf(schema)) targets.push(() => ({ ...base, kind: 'negative', body: { ...current, [name]: bad }, broke: `body.${name} = ${JSON.stringify(bad)?.slice(0, 60)}` }));
    }
    for (const name of required) {
      targets.push(() => {
        const { [name]: _gone, ...rest } = current;
        return { ...base, kind: 'negative', body: rest, broke: `body.${name} left out` };
      });
    }
  }
  // A few tries: a breaker the rest of the schema happens to allow (a union) is no negative case.
  for (let attempt = 0; attempt < 6 && targets.length > 0; attempt++) {
    const made = random.pick(targets)();
    if (!made) continue;
    if (made.broke?.startsWith('body') && body !== undefined && validate(body, made.body)) continue;
    return made;
  }
  return null;
}

function requestOf(operation: Operation, c: Case, token: string | null) {
  let url = operation.path;
  const query: string[] = [];
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  for (const [parameter, text] of c.values) {
    if (text === undefined) continue;
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodePath(parameter.name, Array.isArray(text) ? text.join(',') : text));
    else if (parameter.in === 'query') for (const one of Array.isArray(text) ? text : [text]) query.push(`${encodeURIComponent(parameter.name)}=${encodeURIComponent(one)}`);
    else headers[parameter.name] = Array.isArray(text) ? text.join(',') : text;
  }
  for (const [key, value] of Object.entries(c.freeQuery)) {
    for (const one of Array.isArray(value) ? value : [value]) query.push(`${encodeURIComponent(key)}=${encodeURIComponent(one)}`);
  }
  const request: Mismatch['request'] = { method: operation.method, url: `${API_PREFIX}${url}${query.length ? `?${query.join('&')}` : ''}`, headers };
  if (c.body !== undefined || (operation.bodyRequired && c.kind === 'negative')) {
    request.payload = c.body === undefined ? '' : JSON.stringify(c.body);
    headers['content-type'] = 'application/json';
  }
  return request;
}

/** What is wrong with one answer, judged by the document: a rule's name, or null. */
function judge(operation: Operation, c: Case, status: number, contentType: string | undefined, body: string, headers: Record<string, unknown>, validate: (s: Schema, v: unknown) => boolean): string | null {
  if (status === 500) return 'a 500';
  const documented = operation.responses[String(status)];
  if (!documented) return `status ${status} is not documented`;
  if (c.kind === 'negative' && status < 300) return 'a schema-invalid request was accepted';
  let parsed: unknown;
  try {
    parsed = body === '' ? undefined : JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  if (c.kind === 'positive' && status === 400) {
    // The schema's own 400 names the part it judged (plugins/errors.ts); other 400s are rules no schema can state (an
    // unknown link, a wrong password), which the document's 400 says.
    const error = (parsed as { error?: { code?: string; message?: string } } | undefined)?.error;
    if (error?.code === 'INVALID_JSON' || SCHEMA_REFUSAL.test(error?.message ?? '')) return `a schema-valid request got a validation 400`;
  }
  for (const header of SECURITY_HEADERS) if (!headers[header]) return `no ${header} header`;
  const types = Object.keys(documented);
  if (types.length === 0) return body === '' && !contentType ? null : 'documented without content, but the answer has some';
  const mediaType = (contentType ?? '').split(';')[0]!.trim();
  if (!types.includes(mediaType)) return `content type ${mediaType || '(none)'} is not documented (${types.join(', ')})`;
  const schema = documented[mediaType];
  if (schema !== undefined && mediaType === 'application/json' && !validate(schema, parsed)) return 'the body does not match its documented schema';
  return null;
}

export async function runOpenapiFuzz(options: OpenapiFuzzOptions): Promise<OpenapiFuzzReport> {
  const webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'velora-openapi-fuzz-web-'));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Velora</title><div id="root"></div>');
  const world = await buildEndpointWorld({ engine: options.engine, webDist });
  await world.deps.jobs.start();
  const random = seededRandom(options.seed);
  const generate = generatorFor(random);
  const validate = createValidator();
  const report: OpenapiFuzzReport = { engine: options.engine, seed: options.seed, sent: 0, operations: 0, durationMs: 0, statuses: {}, mismatches: [], outOfTime: false, tried: 0, ungenerated: new Set() };
  const started = Date.now();
  try {
    const served = await world.app.inject({ method: 'GET', url: `${API_PREFIX}/docs/json` });
    const operations = operationsOf(served.json());
    report.operations = operations.length;
    const realParams = new Map<Operation, Record<string, string> | undefined>();
    // The first pass (each operation a positive and a negative case) is never cut short by the count, only by time.
    const total = Math.max(options.requests, operations.length * 2);
    for (let index = 0; index < total; index++) {
      if (Date.now() - started > options.budgetMs) {
        report.outOfTime = true;
        break;
      }
      report.tried += 1;
      // Each operation a positive and a negative case first, then at random.
      const pass = index < operations.length * 2;
      const operation = pass ? operations[Math.floor(index / 2)]! : random.pick(operations);
      const wantNegative = pass ? index % 2 === 1 : random.chance(0.5);
      const role = random.chance(0.5) ? 'member' : 'visitor';
      if (!realParams.has(operation)) {
        const entry = entryOf(operation);
        const parts = entry ? await validParts(entry[0], entry[1], world, 'member').catch(() => undefined) : undefined;
        realParams.set(operation, parts?.params as Record<string, string> | undefined);
      }
      let positive: Case;
      try {
        positive = positiveCase(operation, generate, validate, random, realParams.get(operation));
      } catch (error) {
        if (!(error instanceof UngeneratedError)) throw error;
        report.ungenerated.add(`${operation.method} ${operation.path}`);
        continue;
      }
      const c = wantNegative ? negativeCase(operation, positive, random, validate) : positive;
      if (!c) continue;
      const token = role === 'member' ? await world.tokenFor('member') : null;
      const request = requestOf(operation, c, token);
      const res = await world.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers,
        remoteAddress: world.nextAddress(),
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
      report.sent += 1;
      report.statuses[String(res.statusCode)] = (report.statuses[String(res.statusCode)] ?? 0) + 1;
      const contentType = typeof res.headers['content-type'] === 'string' ? res.headers['content-type'] : undefined;
      const rule = judge(operation, c, res.statusCode, contentType, res.body, res.headers, validate);
      if (rule) {
        report.mismatches.push({
          rule,
          operation: `${operation.method} ${operation.path}`,
          kind: c.kind,
          role,
          status: res.statusCode,
          request,
          ...(c.broke ? { broke: c.broke } : {}),
          answer: res.body.slice(0, 300),
        });
      }
    }
  } finally {
    report.durationMs = Date.now() - started;
    await world.deps.jobs.stop();
    await world.close();
    await fs.rm(webDist, { recursive: true, force: true });
  }
  return report;
}

export function describeOpenapiReport(report: OpenapiFuzzReport): string {
  const lines = [
    `${report.engine}: ${report.sent} requests to ${report.operations} operations in ${(report.durationMs / 1000).toFixed(1)} s (seed ${report.seed})` +
      (report.outOfTime ? ' — the time budget ran out first' : ''),
    `  by status: ${Object.entries(report.statuses)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
    `  mismatches: ${report.mismatches.length}` + (report.ungenerated.size ? `; no valid request generated for ${[...report.ungenerated].join(', ')}` : ''),
  ];
  for (const m of report.mismatches.slice(0, 60)) {
    lines.push(
      `  ${m.rule}: ${m.operation} (${m.kind}${m.broke ? `: ${m.broke}` : ''}, as ${m.role}) → ${m.status}`,
      `    app.inject(${JSON.stringify(m.request).slice(0, 600)})`,
      `    answer: ${m.answer}`,
    );
  }
  return lines.join('\n');
}
