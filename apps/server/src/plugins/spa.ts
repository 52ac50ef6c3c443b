import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { compressedText } from './compression';
import { CSP_SOURCES_FILE, styleNonceOf } from './security-headers';

// Serves the built SPA from `/`, and index.html for any other non-API GET or HEAD path (history fallback). Media under `/media`
// is the media module's (signed, sized, cached): nothing of DATA_DIR is served as static files.

/** A source map of the web build (maps ship for the developers' tools, never to visitors). */
const isSourceMap = (pathName: string) => /\.map$/i.test(pathName);

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** The methods a route answers at this path (HEAD with every GET, as Fastify exposes it). */
function allowedMethods(app: FastifyInstance, pathname: string): string[] {
  return METHODS.filter((method) => app.findRoute({ method, url: pathname }) !== null);
}

export const spaPlugin = fp(async (app: FastifyInstance, opts: { webDist: string }) => {
  const hasWeb = fs.existsSync(path.join(opts.webDist, 'index.html'));

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // index.html goes out through the fallback below, with this answer's CSP nonce; the CSP list is the server's.
      allowedPath: (pathName) => pathName !== '/index.html' && pathName !== `/${CSP_SOURCES_FILE}` && !isSourceMap(pathName),
      // Source maps are the developers' (decision record 064): no route serves them, and the fallback below refuses them.
      globIgnore: ['**/*.map', '**/*.map.br', '**/*.map.gz'],
      // The build writes .br and .gz beside every text asset; the best one the client accepts is sent.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Hashed assets never change; index.html must always be fresh.
        void reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const indexHtml = hasWeb ? fs.readFileSync(path.join(opts.webDist, 'index.html'), 'utf8') : null;

  app.setNotFoundHandler((request, reply) => {
    const url = request.raw.url ?? '/';
    // A path that exists under other methods: 405 naming them (RFC 9110 §15.5.6), not a 404 that says it is not there.
    const allowed = allowedMethods(app, url.split('?')[0]!);
    // (A route of this very method that sent the request here, as the static files' refusals do, is no such case.)
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      void reply.header('allow', allowed.join(', '));
      return reply.status(405).send({ error: { code: 'METHOD_NOT_ALLOWED', message: `${request.method} is not allowed here; allowed: ${allowed.join(', ')}` } });
    }
    // HEAD is a GET without the body (Node drops it): `HEAD /` answers like `GET /`.
    if (url.startsWith('/api/') || url === '/api' || url.startsWith('/media/') || (request.method !== 'GET' && request.method !== 'HEAD') || isSourceMap(url.split('?')[0]!)) {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No such endpoint: ${request.method} ${url.split('?')[0]}` } });
    }
    if (!indexHtml) {
      return reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build` (npm start does this for you).');
    }
    // Libraries that add a <style> element at run time read the nonce from here (apps/web/src/lib/csp-nonce.ts).
    const page = indexHtml.replace('<head>', `<head>\n    <meta name="csp-nonce" content="${styleNonceOf(reply)}" />`);
    // Compressed here: @fastify/compress hooks routes only, and this handler is none. The landing's HTML carries the
    // pre-rendered page (decision record 055), 20 KB that brotli makes 4.
    const { body, encoding } = compressedText(page, request.headers['accept-encoding']);
    void reply.type('text/html').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (encoding) void reply.header('content-encoding', encoding);
    return reply.send(body);
  });
});
