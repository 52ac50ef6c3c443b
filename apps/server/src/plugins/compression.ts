import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { compressKeptAnswers } from '../http/compress-kept-answers';

/** Answers smaller than this go out as they are: a compressed frame would cost more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

/** The encoding to send to a client with this Accept-Encoding: brotli, else gzip, else none (a q of 0 refuses one). */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !q || !/^q=0(?:\.0*)?$/.test(q.trim()))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * A text answer made outside a route (index.html, sent by the not-found handler, which @fastify/compress does not
 * reach: it hooks routes only), compressed as the plugin would: same threshold, same settings.
 */
export function compressedText(text: string, acceptEncoding: string | undefined): { body: Buffer | string; encoding: 'br' | 'gzip' | null } {
  const encoding = preferredEncoding(acceptEncoding);
  if (!encoding || Buffer.byteLength(text) < COMPRESS_THRESHOLD_BYTES) return { body: text, encoding: null };
  const body = encoding === 'br' ? brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }) : gzipSync(text, { level: GZIP_LEVEL });
  return { body, encoding };
}

/**
 * Compresses dynamic answers (the API's JSON, index.html, SVG avatars) above a threshold, by the client's
 * Accept-Encoding: brotli, else gzip. The web app's built assets already carry a precompressed copy (the SPA plugin
 * serves it, with its own Content-Encoding, which this plugin leaves alone); pictures and video are never compressed
 * (their types are not compressible).
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    // Kept answers go out as copies compressed once; what they send already has its Content-Encoding.
    await app.register(compressKeptAnswers, { threshold: COMPRESS_THRESHOLD_BYTES });
    await app.register(fastifyCompress, {
      global: true,
      threshold: COMPRESS_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      // Quality 11 (the default) spends ~30 ms per 100 KB of JSON; 4 keeps most of the gain for a fraction of the CPU.
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
      zlibOptions: { level: GZIP_LEVEL },
    });
  },
  { name: 'compression' },
);
