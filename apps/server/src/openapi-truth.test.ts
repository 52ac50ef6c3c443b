import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, listening } from '../test/realtime-clients';
import { buildTestApp, type TestApp } from '../test/test-app';
import { TOO_MANY_CONNECTIONS } from './plugins/realtime-address-cap';

// The OpenAPI document and the answers around it say what the server does (decision record 064).

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'velora-truth-web-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Velora</title><div id="root"></div>');
  await fs.writeFile(path.join(webDist, 'assets', 'main-abc.js'), 'console.log(1);');
  await fs.writeFile(path.join(webDist, 'assets', 'main-abc.js.map'), '{"version":3,"sources":["secret.ts"]}');
  t = await listening(await buildTestApp({ webDist }));
});

afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

const expectErrorAnswer = (res: { headers: Record<string, unknown>; json: () => unknown }) => {
  expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.json()).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
};

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const document = res.json();
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors ?? [], JSON.stringify(result.errors ?? []).slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('states the rules the contracts check: control characters, the Idempotency-Key, formats; 204 has no content', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const text = JSON.stringify(document);
    expect(text).toContain(JSON.stringify('^[^\\u0000-\\u001F\\u007F]*$'));
    const comment = document.paths['/videos/{id}/comments'].post;
    const key = comment.parameters.find((p: { name: string }) => p.name === 'idempotency-key');
    expect(key.schema.pattern).toBe('^[\\x21-\\x7e]{1,128}$');
    expect(document.paths['/auth/logout'].post.responses['204'].content).toBeUndefined();
    const visit = document.paths['/track/visit'].get.parameters;
    expect(visit).toEqual([expect.objectContaining({ name: 'query', in: 'query', style: 'form', explode: true })]);
  });
});

describe('answers outside the routes', () => {
  it('an undeclared method on a path is 405 with Allow', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/track/visit' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expectErrorAnswer(res);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/no-such-thing' })).statusCode).toBe(404);
  });

  it("Fastify's early errors carry the security headers and the error body: a bad URL, a path past its length", async () => {
    const badUrl = await t.app.inject({ method: 'GET', url: '/api/videos/%E0%A4%A' });
    expect(badUrl.statusCode).toBe(400);
    expectErrorAnswer(badUrl);
    const tooLong = await t.app.inject({ method: 'GET', url: `/api/videos/${'1'.repeat(500)}` });
    expect(tooLong.statusCode).toBe(414);
    expectErrorAnswer(tooLong);
  });

  it('body parser errors carry them too: bad JSON, a wrong media type, a body too large', async () => {
    const badJson = await t.app.inject({ method: 'POST', url: '/api/track', payload: '{bad', headers: { 'content-type': 'application/json' } });
    expect(badJson.statusCode).toBe(400);
    expectErrorAnswer(badJson);
    const wrongType = await t.app.inject({ method: 'POST', url: '/api/track', payload: '<a/>', headers: { 'content-type': 'application/xml' } });
    expect(wrongType.statusCode).toBe(415);
    expectErrorAnswer(wrongType);
    const tooLarge = await t.app.inject({ method: 'POST', url: '/api/track', payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }), headers: { 'content-type': 'application/json' } });
    expect(tooLarge.statusCode).toBe(413);
    expectErrorAnswer(tooLarge);
  });

  it('source maps of the web build are never served', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/main-abc.js' })).statusCode).toBe(200);
    const map = await t.app.inject({ method: 'GET', url: '/assets/main-abc.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.ts');
  });
});

describe('Socket.IO', () => {
  it('its polling answers carry the security headers', async () => {
    const res = await fetch(`${appUrl(t)}/socket.io/?EIO=4&transport=polling`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const refused = await fetch(`${appUrl(t)}/socket.io/?EIO=4&transport=nonsense`);
    expect(refused.status).toBe(400);
    expect(refused.headers.get('x-frame-options')).toBe('DENY');
  });

  it('one address holds at most REALTIME_CONNECTIONS_PER_ADDRESS connections, is told why past it, and gets a place back when one closes', async () => {
    // An app of its own, so no connection another test left open counts.
    const capped = await listening(await buildTestApp({ env: { REALTIME_CONNECTIONS_PER_ADDRESS: '2' } }));
    try {
      const handshake = () => fetch(`${appUrl(capped)}/socket.io/?EIO=4&transport=polling`);
      const sids: string[] = [];
      for (let i = 0; i < 2; i++) {
        const res = await handshake();
        expect(res.status).toBe(200);
        // Engine.IO's open packet: "0" and its JSON, whose sid names the connection.
        sids.push((JSON.parse((await res.text()).slice(1)) as { sid: string }).sid);
      }
      const refused = await handshake();
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { message?: string }).message).toBe(TOO_MANY_CONNECTIONS);
      // A close packet ("1") ends one connection; its place is free once the server has answered it.
      const closed = await fetch(`${appUrl(capped)}/socket.io/?EIO=4&transport=polling&sid=${sids[0]}`, { method: 'POST', body: '1', headers: { 'content-type': 'text/plain' } });
      expect(closed.status).toBe(200);
      expect((await handshake()).status).toBe(200);
    } finally {
      await capped.close();
    }
  });
});
