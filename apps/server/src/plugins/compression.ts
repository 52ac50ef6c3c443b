import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { compressKeptAnswers } from '../http/compress-kept-answers';

/** Answers smaller than this go out as they are: a compressed frame would cost more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

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
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'compression' },
);
