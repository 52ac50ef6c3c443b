import { API_PREFIX, VISIT_ID_HEADER, type EndpointSpec } from '@velora/shared';
import type { RequestParts } from '../endpoints/samples';
import { fieldsOf, jsonSchemaOf, type Part } from '../endpoints/schema-sampler';
import { hostileBody, hostileJsonValue, hostileText, oddPathValue, perturbed } from './hostile-values';
import type { Random } from './random';

// One fuzz request: a valid request of the endpoint (the generated suite's, decision record 023), then none, one or
// a few changes a careless or hostile client makes. Everything needed to send it again is in the request itself.

export interface FuzzRequest {
  endpoint: string;
  role: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** What was changed, for the report. */
  changes: string[];
}

const PARTS: Part[] = ['params', 'query', 'body'];

/** A path segment as a client encodes it; a lone surrogate (which encodeURIComponent refuses) as the bytes of U+FFFD. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value.replace(/[\uD800-\uDFFF]/g, '\uFFFD').split('').map(encodeURIComponent).join('');
  }
}

function queryString(query: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) pairs.push(`${encodeSegment(key)}=${encodeSegment(String(one))}`);
  }
  return pairs.join('&');
}

function fieldNames(endpoint: EndpointSpec, part: Part, current: unknown): string[] {
  const schema = endpoint[part];
  const declared = schema ? fieldsOf(jsonSchemaOf(schema)).map((f) => f.name) : [];
  const present = current && typeof current === 'object' && !Array.isArray(current) ? Object.keys(current) : [];
  return [...new Set([...declared, ...present])];
}

interface Draft {
  params: Record<string, string>;
  /** Raw path segments (already encoded, or deliberately not): win over params. */
  rawParams: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  /** A whole body that replaces the JSON of `body`. */
  rawBody?: { payload: string; contentType?: string };
  headers: Record<string, string>;
  changes: string[];
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};

/** One change to a draft. */
function mutate(endpoint: EndpointSpec, draft: Draft, random: Random): void {
  const parts = PARTS.filter((p) => endpoint[p] !== undefined);
  const kind = random.int(0, 11);
  // Most changes go to a field the endpoint has; the rest to the request as a whole.
  if (kind <= 5 && parts.length > 0) {
    const part = random.pick(parts);
    const names = fieldNames(endpoint, part, part === 'params' ? draft.params : part === 'query' ? draft.query : draft.body);
    if (names.length === 0) return;
    const name = random.pick(names);
    if (part === 'params') {
      if (random.chance(0.3)) {
        draft.params[name] = String(perturbed(draft.params[name], random));
        draft.changes.push(`path ${name} = ${JSON.stringify(draft.params[name])}`);
      } else if (random.chance(0.5)) {
        draft.rawParams[name] = oddPathValue(random);
        draft.changes.push(`path ${name} = raw ${JSON.stringify(draft.rawParams[name])}`);
      } else {
        draft.params[name] = hostileText(random);
        draft.changes.push(`path ${name} = ${JSON.stringify(draft.params[name])}`);
      }
    } else if (part === 'query') {
      const action = random.int(0, 3);
      if (action === 0) {
        delete draft.query[name];
        draft.changes.push(`query ${name} left out`);
      } else if (action === 1) {
        draft.query[name] = [hostileText(random), hostileText(random)];
        draft.changes.push(`query ${name} twice`);
      } else {
        draft.query[name] = action === 2 ? hostileText(random) : String(perturbed(draft.query[name], random));
        draft.changes.push(`query ${name} = ${JSON.stringify(draft.query[name])}`);
      }
    } else {
      const body = asRecord(draft.body);
      if (random.chance(0.2)) {
        delete body[name];
        draft.changes.push(`body ${name} left out`);
      } else {
        body[name] = random.chance(0.35) ? perturbed(body[name], random) : hostileJsonValue(random);
        draft.changes.push(`body ${name} = ${JSON.stringify(body[name])?.slice(0, 80)}`);
      }
      draft.body = body;
    }
    return;
  }
  switch (kind) {
    case 6: {
      const key = random.pick(['extra', '__proto__', 'constructor', 'id', 'user_id', 'is_team_member', 'admin', 'a'.repeat(300), 'k\u0000']);
      if (endpoint.method === 'GET' || random.chance(0.5)) {
        draft.query[key] = hostileText(random);
        draft.changes.push(`extra query ${JSON.stringify(key.slice(0, 20))}`);
      } else {
        draft.body = { ...asRecord(draft.body), [key]: hostileJsonValue(random) };
        draft.changes.push(`extra body field ${JSON.stringify(key.slice(0, 20))}`);
      }
      return;
    }
    case 7:
    case 8: {
      const body = hostileBody(random);
      draft.rawBody = body;
      draft.changes.push(`body: ${body.note}`);
      return;
    }
    case 9: {
      const header = random.pick<[string, string]>([
        ['authorization', 'Bearer not-a-token'],
        ['authorization', 'Bearer '],
        ['authorization', 'Basic dXNlcjpwYXNz'],
        ['authorization', `Bearer ${'x'.repeat(5000)}`],
        [VISIT_ID_HEADER, 'not-a-uuid'],
        [VISIT_ID_HEADER, '00000000-0000-0000-0000-000000000000'],
        ['accept-language', '*;q=abc, xx-YY, ü'],
        ['x-forwarded-for', '999.1.1.1, ::ffff:evil'],
        ['cookie', 'a=%ZZ; b'],
        ['content-length', '5'],
      ]);
      draft.headers[header[0]] = header[1];
      draft.changes.push(`header ${header[0]}: ${header[1].slice(0, 30)}`);
      return;
    }
    default: {
      // A missing or doubled part of the query or body as a whole.
      if (random.chance(0.5)) {
        draft.query = {};
        draft.changes.push('no query string');
      } else {
        draft.body = undefined;
        draft.changes.push('no body');
      }
    }
  }
}

/** A request of the endpoint from its valid parts, with 0 to 3 changes. */
export function fuzzRequest(name: string, endpoint: EndpointSpec, role: string, valid: RequestParts, token: string | null, random: Random): FuzzRequest {
  const draft: Draft = {
    params: Object.fromEntries(Object.entries(valid.params ?? {}).map(([k, v]) => [k, String(v)])),
    rawParams: {},
    query: { ...(valid.query ?? {}) },
    body: valid.body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    changes: [],
  };
  // About one request in six goes out as generated: the valid calls reach the deeper code paths.
  const changes = random.chance(1 / 6) ? 0 : random.int(1, 3);
  for (let i = 0; i < changes; i++) mutate(endpoint, draft, random);

  const path = endpoint.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)|\*$/g, (_whole, param: string | undefined) => {
    const key = param ?? '*';
    if (draft.rawParams[key] !== undefined) return draft.rawParams[key]!;
    const value = draft.params[key] ?? '';
    return param ? encodeSegment(value) : value.split('/').map(encodeSegment).join('/');
  });
  const query = queryString(draft.query);
  const request: FuzzRequest = {
    endpoint: name,
    role,
    method: endpoint.method,
    url: `${API_PREFIX}${path}${query ? `?${query}` : ''}`,
    headers: draft.headers,
    changes: draft.changes,
  };
  if (draft.rawBody) {
    request.payload = draft.rawBody.payload;
    if (draft.rawBody.contentType) request.headers['content-type'] = draft.rawBody.contentType;
  } else if (draft.body !== undefined) {
    request.payload = JSON.stringify(draft.body);
    request.headers['content-type'] = 'application/json';
  }
  return request;
}
