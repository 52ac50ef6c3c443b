import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, createVideo } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { COMPRESS_THRESHOLD_BYTES } from './compression';

// A built web app as Vite writes it: every text asset with a .br and a .gz beside it.
async function writeWebDist(dir: string, script: string) {
  await fs.mkdir(path.join(dir, 'assets'), { recursive: true });
  // As large as a page with the pre-rendered landing (decision record 055): above the compression threshold.
  await fs.writeFile(path.join(dir, 'index.html'), `<!doctype html><title>Velora</title><div id="shell">${'<p>Velora</p>'.repeat(200)}</div><div id="root"></div>`);
  const file = path.join(dir, 'assets', 'main-abc123.js');
  await fs.writeFile(file, script);
  await fs.writeFile(`${file}.br`, brotliCompressSync(script));
  await fs.writeFile(`${file}.gz`, gzipSync(script));
}

describe('compression', () => {
  let t: TestApp;
  let webDist: string;
  // Repetitive enough to shrink a lot, as real bundles do.
  const script = `console.log(${JSON.stringify('velora '.repeat(4000))});`;
  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'velora-web-'));
    await writeWebDist(webDist, script);
    t = await buildTestApp({ webDist });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  const asset = (acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url: '/assets/main-abc123.js', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('serves the build\'s brotli copy of a JS asset to a client that accepts br', async () => {
    const res = await asset('gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('serves the gzip copy to a client that accepts only gzip', async () => {
    const res = await asset('gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('serves the asset as it is to a client that accepts no encoding', async () => {
    const res = await asset();
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it('compresses an API answer above the threshold by Accept-Encoding', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(plain.json());
  });

  it('compresses index.html (the history fallback, no route of its own) by Accept-Encoding, above the threshold', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/videos' });
    const br = await t.app.inject({ method: 'GET', url: '/videos', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<div id="root">');
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('leaves an API answer below the threshold uncompressed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('HEAD', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'velora-web-'));
    await writeWebDist(webDist, 'console.log(1)');
    t = await buildTestApp({ webDist });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it('answers HEAD / and HEAD of any client route like GET, without a body', async () => {
    for (const url of ['/', '/videos?page=2', '/shoot/12']) {
      const get = await t.app.inject({ method: 'GET', url });
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
      expect(head.body, url).toBe('');
    }
  });

  it('answers HEAD of an asset and of API GET routes with the status GET would give', async () => {
    for (const url of ['/assets/main-abc123.js', '/api/health', '/api/videos', '/api/videos/tags', '/media/avatars/default.svg']) {
      const get = await t.app.inject({ method: 'GET', url });
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(get.statusCode);
      expect(head.body, url).toBe('');
    }
  });

  it('has a HEAD route for every GET route the app registers', () => {
    // printRoutes lists each path with its methods, e.g. "/api/videos (GET, HEAD)".
    const lines = t.app.printRoutes({ commonPrefix: false }).split('\n');
    const getRoutes = lines.filter((line) => /\((?:[A-Z]+, )*GET[,)]/.test(line));
    expect(getRoutes.length).toBeGreaterThan(50);
    const withoutHead = getRoutes.filter((line) => !/\bHEAD\b/.test(line));
    expect(withoutHead).toEqual([]);
  });

  it('still refuses other methods on client routes with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/videos' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('sends a kept catalog page as one copy compressed once, by the encoding each client accepts (decision 058)', async () => {
    for (let i = 0; i < 6; i++) await createVideo(t, { title: `Compressed once ${i}`, publishedAt: new Date(Date.UTC(2020, 0, 1 + i)) });
    const { headers } = await asMember(t);
    const page = (acceptEncoding?: string) =>
      t.app.inject({ method: 'GET', url: '/api/videos?page=1', headers: { ...headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });
    const plain = await page();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length, plain.body).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);

    const [first, again] = [await page('gzip, deflate, br'), await page('br')];
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(plain.body);

    const gzip = await page('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect((await page('identity')).headers['content-encoding']).toBeUndefined();
  });
});
