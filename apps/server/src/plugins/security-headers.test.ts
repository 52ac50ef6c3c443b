import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { CSP_SOURCES_FILE } from './security-headers';

// A built web app as Vite writes it, with the third-party sources the build allows (VITE_* at build time).
async function writeWebDist(dir: string, sources?: Record<string, string[]>) {
  await fs.mkdir(path.join(dir, 'assets'), { recursive: true });
  await fs.writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><meta charset="UTF-8" /><title>Velora</title><script type="module" crossorigin src="/assets/main-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  const script = `console.log(${JSON.stringify('velora '.repeat(400))});`;
  const file = path.join(dir, 'assets', 'main-abc123.js');
  await fs.writeFile(file, script);
  await fs.writeFile(`${file}.br`, brotliCompressSync(script));
  await fs.writeFile(`${file}.gz`, gzipSync(script));
  if (sources) await fs.writeFile(path.join(dir, CSP_SOURCES_FILE), JSON.stringify(sources));
}

/** The CSP as a map of directive → sources. */
function cspOf(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** What every answer carries, whatever it is. */
function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = cspOf(headers['content-security-policy'] as string);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')?.[0]).toBe("'self'");
  for (const sources of csp.values()) {
    expect(sources).not.toContain("'unsafe-inline'");
    expect(sources).not.toContain("'unsafe-eval'");
  }
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('form-action')).toEqual(["'self'"]);
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

describe('security headers (decision 028)', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'velora-web-'));
    await writeWebDist(webDist, {
      'script-src': ['https://analytics.example.net/a.js', 'https://accounts.google.com/gsi/client'],
      'connect-src': ['https://analytics.example.net'],
      'frame-src': ['https://accounts.google.com/gsi/'],
      // Nothing that is not an https source makes it into the header.
      'img-src': ["'unsafe-inline'", 'https://ok.example.net; script-src *', 'http://plain.example.net'],
    });
    t = await buildTestApp({ webDist, env: { CDN_URL: 'https://cdn.example.com/velora/' } });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it('protects the app page: no inline script, styles only with this answer\'s nonce, which the page carries', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res.headers);
    const csp = cspOf(res.headers['content-security-policy']);
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp.get('style-src')!.join(' '))?.[1];
    expect(nonce).toBeDefined();
    expect(res.body).toContain(`<meta name="csp-nonce" content="${nonce}"`);
    expect(csp.get('script-src')!.some((s) => s.startsWith("'nonce-"))).toBe(false);
    const again = await t.app.inject({ method: 'GET', url: '/videos' });
    expect(again.body).not.toContain(nonce);
    expect(again.headers['cache-control']).toBe('no-cache');
  });

  it('serves /index.html itself only through the same nonce-carrying fallback', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(res.body).toMatch(/<meta name="csp-nonce" content="[^"]+"/);
  });

  it('allows exactly the third parties the build configured, plus the CDN for pictures and video', async () => {
    const csp = cspOf((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://analytics.example.net/a.js', 'https://accounts.google.com/gsi/client']);
    expect(csp.get('frame-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/']);
    expect(csp.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'ws://localhost:8080', 'https://cdn.example.com', 'https://analytics.example.net']));
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example.com']);
    expect(csp.get('media-src')).toEqual(["'self'", 'blob:', 'https://cdn.example.com']);
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
  });

  it('keeps the build\'s third-party list private', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/${CSP_SOURCES_FILE}` });
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  it('protects a built asset and keeps its immutable, precompressed caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res.headers);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('protects a public API answer, leaving it cacheable as it was', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res.headers);
    expect(res.headers['cache-control']).toBeUndefined();
  });

  it('marks every answer to an authenticated request no-store, public endpoints included', async () => {
    const { headers } = await asMember(t);
    for (const url of ['/api/user/profile', '/api/health', '/api/docs/json']) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(200);
      expectSecurityHeaders(res.headers);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('marks a members-only endpoint no-store even when it refuses', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/profile' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('lets another site embed pictures and video (a CDN_URL on another domain pulls them from here)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/no-such-file.jpg' });
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('sends no HSTS outside production', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(cspOf(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(false);
  });
});

describe('security headers in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://www.example.com' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('adds HSTS for a year and asks the browser to upgrade any http request', async () => {
    for (const url of ['/api/health', '/no-such-page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
      expect(cspOf(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
      expect(cspOf(res.headers['content-security-policy']).get('connect-src')).toContain('wss://www.example.com');
    }
  });
});

describe('the sandbox pages under their own CSP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.services.features.set({ name: 'age_verification', is_active: true, version: null, settings: {} });
  });
  afterAll(async () => {
    await t.close();
  });

  it('allow their one inline stylesheet by its hash, and no script at all', async () => {
    const { headers } = await asMember(t);
    const { url } = (await t.app.inject({ method: 'GET', url: '/api/user/verification_age', headers })).json();
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    const csp = cspOf(page.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.has('script-src')).toBe(false);
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.body)![1]!;
    const hash = `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
    expect(csp.get('style-src')).toEqual([hash]);
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['cache-control']).toBe('no-store');
  });
});
