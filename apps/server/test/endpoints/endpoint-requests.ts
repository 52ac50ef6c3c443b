import { endpointPath, type CapabilitySubject, type EndpointName, type EndpointSpec } from '@velora/shared';
import type { z } from 'zod';
import type { EndpointWorld, SuiteRole } from './endpoint-world';
import { SAMPLES, type RequestParts } from './samples';
import { badValuesFor, fieldsOf, jsonSchemaOf, sampleOf, type BadInput, type Part } from './schema-sampler';

// Requests built from an endpoint entry: a valid one (generated, then the samples' values), and bad ones per field.

export interface BuiltRequest {
  method: string;
  path: string;
  query?: string;
  body?: unknown;
  /** What each part holds, as the schema will read it (query and params as strings). */
  parts: RequestParts;
}

const SCHEMA_OF: Record<Part, (e: EndpointSpec) => z.ZodType | undefined> = { params: (e) => e.params, query: (e) => e.query, body: (e) => e.body };

/** What the wire carries in a path or query string: text (arrays stay arrays of text). */
const asWireText = (value: unknown): unknown => (Array.isArray(value) ? value.map(asWireText) : value === null || value === undefined ? value : String(value));
const wireRecord = (record: Record<string, unknown>) => Object.fromEntries(Object.entries(record).map(([k, v]) => [k, asWireText(v)]));

function generated(endpoint: EndpointSpec, part: Part): unknown {
  const schema = SCHEMA_OF[part](endpoint);
  return schema ? sampleOf(jsonSchemaOf(schema)) : undefined;
}

function merged(base: unknown, override: unknown): unknown {
  if (override === undefined) return base;
  if (base && typeof base === 'object' && override && typeof override === 'object' && !Array.isArray(override)) return { ...base, ...override };
  return override;
}

/** A request the endpoint's schemas accept, with the world's ids where the samples name them. */
export async function validParts(name: EndpointName, endpoint: EndpointSpec, world: EndpointWorld, role: SuiteRole): Promise<RequestParts> {
  const sample = (await SAMPLES[name]?.(world, role)) ?? {};
  const parts: RequestParts = {};
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = SCHEMA_OF[part](endpoint);
    const value = merged(generated(endpoint, part), sample[part]);
    if (value === undefined) continue;
    const onWire = part === 'body' ? value : wireRecord(value as Record<string, unknown>);
    const parsed = schema?.safeParse(onWire);
    if (parsed && !parsed.success) {
      throw new Error(`${name}: the generated ${part} ${JSON.stringify(onWire)} is not valid (${parsed.error.message}); add a value to samples.ts`);
    }
    parts[part] = onWire as Record<string, unknown>;
  }
  return parts;
}

function queryString(query: Record<string, unknown> | undefined): string | undefined {
  if (!query) return undefined;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(key, String(one));
  }
  return search.toString() || undefined;
}

export function requestOf(endpoint: EndpointSpec, parts: RequestParts): BuiltRequest {
  const path = endpointPath(endpoint as EndpointSpec & { params: z.ZodType }, (parts.params ?? {}) as never);
  return {
    method: endpoint.method,
    path,
    ...(parts.query ? { query: queryString(parts.query) } : {}),
    ...(parts.body === undefined ? {} : { body: parts.body }),
    parts,
  };
}

/** Every bad input of every field of the endpoint, each applied to a valid request. */
export function badInputsOf(endpoint: EndpointSpec): BadInput[] {
  const cases: BadInput[] = [];
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = SCHEMA_OF[part](endpoint);
    if (!schema) continue;
    for (const field of fieldsOf(jsonSchemaOf(schema))) {
      // An empty path segment changes the route, not the value: not a bad value of this one.
      cases.push(...badValuesFor(part, field).filter((c) => !(part === 'params' && c.value === '')));
    }
  }
  return cases;
}

export function withBadInput(parts: RequestParts, bad: BadInput): RequestParts {
  const current = { ...((parts[bad.part] as Record<string, unknown> | undefined) ?? {}) };
  if (bad.omit) delete current[bad.field];
  else if (bad.repeated) current[bad.field] = [bad.value, bad.value];
  else current[bad.field] = bad.part === 'body' ? bad.value : asWireText(bad.value);
  return { ...parts, [bad.part]: current };
}

/** Whether the endpoint's own schema refuses the bad request (a value it accepts is no bad input for it). */
export function schemaRefuses(endpoint: EndpointSpec, parts: RequestParts, part: Part): boolean {
  const schema = SCHEMA_OF[part](endpoint);
  return !schema || !schema.safeParse(parts[part]).success;
}

/** The capability subject of a suite role's account, as the server builds it from the session. */
export function subjectOfRole(world: EndpointWorld, role: SuiteRole): CapabilitySubject | null {
  if (role === 'visitor') return null;
  const base: CapabilitySubject = { premium_until: null, model_id: null, is_team_member: false, roles: [] };
  if (role === 'premium') return { ...base, premium_until: world.deps.now().getTime() / 1000 + 86_400 };
  if (role === 'model') return { ...base, model_id: world.catalog.models[0]!.id };
  if (role === 'team') return { ...base, is_team_member: true };
  if (role === 'admin') return { ...base, is_team_member: true, team_kinds: ['admin'] };
  return base;
}
