import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// A kept answer (frozen, its JSON written once: http/serialize-frozen-once.ts) would still be compressed again for
// every browser that asks, and a catalog page of ~20 KB costs more to compress than everything else its request does.
// So each kept answer's JSON is compressed once per encoding, harder than the per-request setting can afford, and the
// bytes are sent again; @fastify/compress leaves an answer alone that already has a Content-Encoding (decision 058).

/** Compressed copies kept at most, in bytes: a few hundred catalog pages. */
export const KEPT_COMPRESSED_MAX_BYTES = 16 * 1024 * 1024;

type Encoding = 'br' | 'gzip';

const compressors: Record<Encoding, (json: string) => Buffer> = {
  // Done once per answer, so quality 9 rather than the per-request 4; 11 costs ten times as much for 2-3 % less.
  br: (json) => brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: json.length } }),
  gzip: (json) => gzipSync(json, { level: 9 }),
};

export const compressKeptAnswers = fp(
  async (app: FastifyInstance, opts: { threshold: number }) => {
    const negotiator = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip'] });
    // Keyed by the JSON itself: the serializer hands out the same string object for a kept answer, and V8 hashes a
    // string once and keeps the hash in it, so finding the copy again costs no pass over the body.
    const copiesOf = (): LRUCache<string, Buffer> =>
      new LRUCache({ maxSize: KEPT_COMPRESSED_MAX_BYTES / 2, sizeCalculation: (copy, json) => copy.length + json.length });
    const copies: Record<Encoding, LRUCache<string, Buffer>> = { br: copiesOf(), gzip: copiesOf() };
    const keptReplies = new WeakSet<object>();

    app.addHook('preSerialization', async (_request, reply, payload) => {
      if (payload !== null && typeof payload === 'object' && Object.isFrozen(payload)) keptReplies.add(reply);
      return payload;
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (!keptReplies.has(reply) || typeof payload !== 'string' || payload.length < opts.threshold) return payload;
      const accepted = request.headers['accept-encoding'];
      const encoding = accepted ? negotiator.negotiate(accepted.toLowerCase()) : null;
      if (!encoding) return payload;
      let copy = copies[encoding].get(payload);
      if (!copy) {
        copy = compressors[encoding](payload);
        copies[encoding].set(payload, copy);
      }
      void reply.header('content-encoding', encoding).header('content-length', copy.length).header('vary', 'accept-encoding');
      return copy;
    });
  },
  { name: 'compress-kept-answers' },
);
