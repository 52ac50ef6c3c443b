import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { VISIT_ID_HEADER, TLD_HEADER } from '@velora/shared';

declare module 'fastify' {
  interface FastifyRequest {
    /** The visit id the client sent back (product §7), when it is a well-formed id. */
    visitId: string | null;
    /** The top-level domain the page was served from, as the client reports it. */
    tldSource: string | null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const visitIdPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('visitId', null);
  app.decorateRequest('tldSource', null);
  app.addHook('onRequest', async (request) => {
    const visit = request.headers[VISIT_ID_HEADER];
    request.visitId = typeof visit === 'string' && UUID.test(visit) ? visit.toLowerCase() : null;
    const tld = request.headers[TLD_HEADER];
    request.tldSource = typeof tld === 'string' && /^[a-z0-9-]{1,24}$/i.test(tld) ? tld.toLowerCase() : null;
  });
});
