import { randomFillSync } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

// Security headers on every answer (decision 028): a Content-Security-Policy without inline script, frame protection,
// nosniff, a referrer policy, HSTS in production; and Cache-Control: no-store on every private API answer.

/** Written by the web build (vite.config.ts) beside index.html: the third-party sources its VITE_* settings turn on. */
export const CSP_SOURCES_FILE = 'csp-sources.json';

/** The directives a build may widen, each only with https sources. */
const WIDENABLE = ['script-src', 'style-src', 'connect-src', 'img-src', 'frame-src'] as const;
type Widenable = (typeof WIDENABLE)[number];
type ThirdPartySources = Record<Widenable, string[]>;

/** An https URL or origin and nothing else: no keyword, no second directive smuggled in after a `;`. */
const HTTPS_SOURCE = /^https:\/\/[A-Za-z0-9.-]+(:\d+)?(\/[A-Za-z0-9._~/%-]*)?$/;

/** The build's third-party sources; none when the build wrote none (no VITE_* third party set, or no build). */
export function readThirdPartySources(webDist: string): ThirdPartySources {
  const sources = Object.fromEntries(WIDENABLE.map((d) => [d, [] as string[]])) as ThirdPartySources;
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(path.join(webDist, CSP_SOURCES_FILE), 'utf8'));
  } catch {
    return sources;
  }
  if (typeof parsed !== 'object' || parsed === null) return sources;
  for (const directive of WIDENABLE) {
    const list = (parsed as Record<string, unknown>)[directive];
    if (Array.isArray(list)) sources[directive] = list.filter((s): s is string => typeof s === 'string' && HTTPS_SOURCE.test(s));
  }
  return sources;
}

export interface SecurityHeadersOptions {
  production: boolean;
  publicUrl: string;
  cdnUrl: string | undefined;
  webDist: string;
}

const STYLE_NONCE = Symbol('velora.styleNonce');
type WithNonce = ServerResponse & { [STYLE_NONCE]?: string };

// Every answer gets a nonce, so they are cut from a pool of random bytes filled 256 at a time: one call into the
// random source per 256 answers instead of one each (as crypto.randomUUID does). Each is 128 fresh bits.
const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceOffset = noncePool.length;

function freshNonce(): string {
  if (nonceOffset === noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString('base64', nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

function nonceOf(response: ServerResponse): string {
  const raw = response as WithNonce;
  raw[STYLE_NONCE] ??= freshNonce();
  return raw[STYLE_NONCE];
}

/** This answer's style nonce: the SPA plugin writes it into index.html for the libraries that add a <style> element. */
export const styleNonceOf = (reply: FastifyReply): string => nonceOf(reply.raw);

const originOf = (url: string) => new URL(url).origin;
const websocketOriginOf = (url: string) => originOf(url).replace(/^http/, 'ws');

/** Sets the security headers on a raw answer; also for the answers no Fastify hook sees (an early error, Socket.IO's). */
export type ApplySecurityHeaders = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * The headers' middleware, built once: @fastify/helmet built it again for every request, parsing every directive each
 * time (about 5 % of a kept list page's CPU, decision record 058).
 */
export function securityHeadersFor(opts: SecurityHeadersOptions): ApplySecurityHeaders {
  const third = readThirdPartySources(opts.webDist);
  const cdn = opts.cdnUrl ? [originOf(opts.cdnUrl)] : [];
  const unique = (list: string[]) => [...new Set(list)];

  // Helmet's middleware is built once: @fastify/helmet built it again for every request, parsing every directive each
  // time (about 5 % of a kept list page's CPU, decision record 058).
return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        // The bundle's own files and the third parties the build configured; never inline script or eval.
        'script-src': unique(["'self'", ...third['script-src']]),
        // Dialogs lock scrolling with a <style> element they add at run time: allowed by this answer's nonce only.
        'style-src': [...unique(["'self'", ...third['style-src']]), (_req: IncomingMessage, res: ServerResponse) => `'nonce-${nonceOf(res)}'`],
        // The API, the realtime socket (same host, ws: or wss:), HLS segments from the CDN, the third parties' beacons.
        'connect-src': unique(["'self'", websocketOriginOf(opts.publicUrl), ...cdn, ...third['connect-src']]),
        // data: for small inlined pictures, blob: for pictures a person picks before uploading.
        'img-src': unique(["'self'", 'data:', 'blob:', ...cdn, ...third['img-src']]),
        // hls.js plays through MediaSource (blob:) and runs its demuxer in a blob: worker.
        'media-src': unique(["'self'", 'blob:', ...cdn]),
        'worker-src': ["'self'", 'blob:'],
        'font-src': ["'self'"],
        'frame-src': unique(["'self'", ...third['frame-src']]),
        'frame-ancestors': ["'none'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        // The sandbox checkout and age-check forms post to this server.
        'form-action': ["'self'"],
        ...(opts.production ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HTTPS is the operator's in production; on a developer's http://localhost it would lock the browser out.
    hsts: opts.production ? { maxAge: 31_536_000, includeSubDomains: false, preload: false } : false,
    // The identity provider's sign-in popup must be able to answer the page that opened it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
}

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, opts: { apply: ApplySecurityHeaders }) => {
    app.addHook('onRequest', (request, reply, done) => opts.apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));

    app.addHook('onSend', async (request, reply) => {
      const url = request.raw.url ?? '/';
      // A CDN on another domain pulls pictures and video from here and hands them to the site's pages.
      if (url.startsWith('/media/')) void reply.header('cross-origin-resource-policy', 'cross-origin');
      // A private answer must not be kept by a browser or a shared cache: an authenticated request, or an endpoint
      // that is not for everyone (even when it refused).
      const capability = request.routeOptions.config?.capability;
      if ((url.startsWith('/api/') && request.headers.authorization) || (capability !== undefined && capability !== 'public')) {
        void reply.header('cache-control', 'no-store');
      }
    });
  },
  { name: 'security-headers' },
);
