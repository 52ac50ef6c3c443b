import { describe, expect, it } from 'vitest';
import type { EndpointSpec } from '../../../packages/shared/src/endpoints/index';
import { ENDPOINTS } from '../../../packages/shared/src/endpoints/index';
import { slimEndpoint, slimEndpointTableSource } from './slim-endpoint-table';

describe('the browser copy of the endpoint table', () => {
  it('keeps what a call needs of every entry: method, path, answer, idempotency, refusal code', () => {
    for (const [name, spec] of Object.entries(ENDPOINTS as Record<string, EndpointSpec>)) {
      const slim = slimEndpoint(spec);
      expect({ name, ...slim }).toMatchObject({ name, method: spec.method, path: spec.path, answer: spec.answer });
      expect(slim.idempotent).toBe(spec.idempotent);
      expect(slim.refusalCode).toBe(spec.refusalCode);
    }
  });

  it('leaves out the schemas, predicates, texts and server-side flags', () => {
    for (const spec of Object.values(ENDPOINTS as Record<string, EndpointSpec>)) {
      const slim = slimEndpoint(spec);
      for (const key of ['params', 'query', 'body', 'response', 'errorResponse', 'summary', 'description', 'tags', 'lawLimited']) expect(slim).not.toHaveProperty(key);
      expect(Object.values(slim).every((value) => typeof value === 'string' || typeof value === 'boolean')).toBe(true);
    }
  });

  it('is a module exporting the table and the helpers of define-endpoint', () => {
    const source = slimEndpointTableSource(ENDPOINTS, '/x/define-endpoint.ts');
    expect(source).toContain('export * from "/x/define-endpoint.ts";');
    const json = /JSON\.parse\((".*")\);/.exec(source)?.[1];
    const table = JSON.parse(JSON.parse(json ?? '""')) as Record<string, { path: string }>;
    expect(Object.keys(table)).toEqual(Object.keys(ENDPOINTS));
    expect(table['videos.list']?.path).toBe('/videos');
  });
});
