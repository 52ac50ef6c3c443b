import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, ENDPOINT_ENTRIES, VIDEO_UPLOAD_PATH } from '@velora/shared';
import { buildTestApp, type TestApp } from '../test-app';

// The table and the server cannot drift: the app registers exactly the table's /api routes, and its OpenAPI document
// lists every (non-hidden) entry with the entry's method, path, security, statuses and text.

let t: TestApp;
/** Method and full path of every route the app registers (HEAD is Fastify's own twin of GET). */
const registered: string[] = [];
beforeAll(async () => {
  t = await buildTestApp({
    onRoute: (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') registered.push(`${method} ${route.url}`);
    },
  });
});
afterAll(() => t?.close());

const tableRoutes = ENDPOINT_ENTRIES.map(([, e]) => `${e.method} ${API_PREFIX}${e.path}`).sort();

describe('the server and the endpoint table', () => {
  it('registers exactly the /api routes of the table, and the tus upload of video sources beside them', () => {
    // The tus protocol's routes are the one exception (decision record 074): headers and raw bytes, no JSON contract.
    const tus = (r: string) => r.split(' ')[1]!.startsWith(VIDEO_UPLOAD_PATH);
    const api = registered.filter((r) => r.split(' ')[1]!.startsWith(`${API_PREFIX}/`));
    expect(api.filter((r) => !tus(r)).sort()).toEqual(tableRoutes);
    expect(api.filter(tus).sort()).toEqual([`DELETE ${VIDEO_UPLOAD_PATH}/:uploadId`, `PATCH ${VIDEO_UPLOAD_PATH}/:uploadId`, `POST ${VIDEO_UPLOAD_PATH}`]);
  });

  it.each(ENDPOINT_ENTRIES)('has the route of %s', (_name, e) => {
    expect(t.app.hasRoute({ method: e.method, url: `${API_PREFIX}${e.path}` })).toBe(true);
  });
});

describe('the OpenAPI document', () => {
  let paths: Record<string, Record<string, { security?: unknown; tags?: string[]; summary?: string; responses?: Record<string, unknown> }>>;
  beforeAll(async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/docs/json` });
    expect(res.statusCode).toBe(200);
    paths = res.json().paths;
  });

  const documented = ENDPOINT_ENTRIES.filter(([, e]) => !e.hidden);
  const openApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}').replace(/\*$/, '{*}');

  it.each(documented)('lists %s with its method, path, security, statuses and text', (_name, e) => {
    const operation = paths[openApiPath(e.path)]?.[e.method.toLowerCase()];
    expect(operation).toBeDefined();
    expect(operation!.security).toEqual(e.capability === 'public' ? undefined : [{ bearer: [] }]);
    expect(operation!.tags).toEqual([...e.tags]);
    expect(operation!.summary).toBe(e.summary);
    expect((operation as { description?: string }).description).toBe(e.description);
    // The table's statuses, and those any such operation can give around its handler (decision record 064): a bad URL
    // (400), a named path parameter past maxParamLength (414), a body the parser refuses (413, 415).
    const around = [400, ...(/:[A-Za-z_]/.test(e.path) ? [414] : []), ...(e.body ? [413, 415] : [])];
    expect(Object.keys(operation!.responses ?? {}).sort()).toEqual([...new Set([e.status, ...e.errors, ...around].map(String))].sort());
  });

  it('documents an HTML page as text/html, its schemas\' 400 as the JSON error and its other errors as pages', () => {
    const page = paths['/payments/sandbox/checkout/{id}']!;
    const content = (status: string, method: string) => Object.keys((page[method]!.responses![status] as { content?: object }).content ?? {});
    expect(content('200', 'get')).toEqual(['text/html']);
    expect(content('404', 'get')).toEqual(['text/html']);
    expect(content('400', 'get')).toEqual(['application/json']);
    expect(content('303', 'post')).toEqual([]);
    expect(content('502', 'post')).toEqual(['text/html']);
  });

  it('documents nothing that is not in the table', () => {
    const listed = Object.entries(paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(listed.sort()).toEqual(documented.map(([, e]) => `${e.method} ${openApiPath(e.path)}`).sort());
  });
});
