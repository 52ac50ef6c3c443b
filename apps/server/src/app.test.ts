import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { buildTestApp, type TestApp } from '../test/test-app';

describe('the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers GET /api/health with status ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('publishes an OpenAPI document generated from the contracts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    // Paths are relative to the server URL /api.
    expect(doc.servers).toEqual([{ url: '/api' }]);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/health', '/videos', '/auth/login', '/user/profile', '/track/visit']));
    expect(doc.paths['/auth/login'].post.requestBody.content['application/json'].schema).toBeTruthy();
  });

  it('names an unknown API path in a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No such endpoint: GET /api/nope' } });
  });

  it('refuses malformed JSON with a 400 naming the problem', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_JSON');
  });

  it('refuses an oversized body with a 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('BODY_TOO_LARGE');
  });

  it('refuses a body that is not JSON with a 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/xml' }, payload: '<x/>' });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('takes an empty JSON body as no body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(res.statusCode).toBe(401);
  });

  it('names each wrong-typed field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 42, password: ['x'] } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.error.fields)).toEqual(expect.arrayContaining(['username', 'password']));
  });
});

describe('the single-page app', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    t = await buildTestApp();
    webDist = path.join(t.deps.config.dataDir, 'web');
    await fs.mkdir(path.join(webDist, 'assets'), { recursive: true });
    await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Velora</title><div id="root"></div>');
    await fs.writeFile(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  });
  afterAll(() => t.close());

  it('serves index.html at / and for any client route (history fallback)', async () => {
    const app = await buildApp(t.deps, t.services, { webDist });
    for (const url of ['/', '/videos?page=2', '/shoot/12']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    await app.close();
  });
});
