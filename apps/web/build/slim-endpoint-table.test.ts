import { describe, expect, it } from 'vitest';
import type { EndpointSpec } from '../../../packages/shared/src/endpoints/index';
import { BACKOFFICE_ENDPOINTS, ENDPOINTS, SITE_ENDPOINTS } from '../../../packages/shared/src/endpoints/index';
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

  it('is a module exporting the named tables, and the helpers of define-endpoint where asked', () => {
    const source = slimEndpointTableSource({ SITE_ENDPOINTS }, '/x/define-endpoint.ts');
    expect(source).toContain('export * from "/x/define-endpoint.ts";');
    const json = /export const SITE_ENDPOINTS = JSON\.parse\((".*")\);/.exec(source)?.[1];
    const table = JSON.parse(JSON.parse(json ?? '""')) as Record<string, { path: string }>;
    expect(Object.keys(table)).toEqual(Object.keys(SITE_ENDPOINTS));
    expect(table['videos.list']?.path).toBe('/videos');
    expect(slimEndpointTableSource({ BACKOFFICE_ENDPOINTS }, null)).not.toContain('export *');
  });

  it('keeps the back office out of the site table: the two are the whole table, with no name in both', () => {
    const site = Object.keys(SITE_ENDPOINTS);
    const backoffice = Object.keys(BACKOFFICE_ENDPOINTS);
    expect(backoffice.length).toBeGreaterThan(0);
    expect(backoffice.every((name) => name.startsWith('backoffice.'))).toBe(true);
    expect(site.filter((name) => name.startsWith('backoffice.'))).toEqual([]);
    expect([...site, ...backoffice].sort()).toEqual(Object.keys(ENDPOINTS).sort());
  });
});
