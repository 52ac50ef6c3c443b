import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_RULE, IDEMPOTENT_REPLAYED_HEADER, isIdempotencyKey } from '@velora/shared';
import type { Database } from '../db/database';
import { idempotencyStore, type IdempotencyScope } from '../http/idempotency-store';
import { HttpError, badRequest, conflict } from '../lib/http-error';

// Idempotency-Key on the endpoints whose table entry says `idempotent` (decision record 030). The first call with a
// key claims it (one INSERT: of parallel duplicates exactly one runs), runs, and its 2xx answer is kept for a day; a
// retry with the key gets that answer again, marked Idempotent-Replayed. A refusal (4xx) or a failure (5xx) created
// nothing (each write is one transaction), so it is not kept: the key works again once the request can succeed.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes an Idempotency-Key header (register-endpoint sets it from the table). */
    idempotent?: boolean;
  }
}

export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim without an answer this old belongs to a process that died mid-call: a retry may run. */
export const IDEMPOTENCY_CLAIM_STALE_MS = 2 * 60 * 1000;
/** How long a duplicate waits for the first call's answer before it is told to retry later (409). */
const WAIT_FOR_FIRST_MS = 10_000;
const POLL_MS = 25;

export const KEY_IN_USE = `This ${IDEMPOTENCY_KEY_HEADER} was used for a different request`;
export const KEY_BUSY = `A request with this ${IDEMPOTENCY_KEY_HEADER} is still running; try again in a moment`;

export interface IdempotencyOptions {
  db: Database;
  now: () => Date;
}

/** The key a request carries; undefined without the header, a 400 naming it when it is not a usable key. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !isIdempotencyKey(raw)) {
    throw badRequest(`Invalid ${IDEMPOTENCY_KEY_HEADER}: ${IDEMPOTENCY_KEY_RULE}`, { [IDEMPOTENCY_KEY_HEADER]: IDEMPOTENCY_KEY_RULE });
  }
  return raw;
}

export const KEYS_DISAGREE = `Must equal the body's idempotency_key when both are sent`;

/** A call with a key of its own in the body (the tip's idempotency_key) takes the header too, but only the same key. */
export function assertKeysAgree(request: FastifyRequest, bodyKey: string | undefined): void {
  const header = idempotencyKeyOf(request);
  if (header !== undefined && bodyKey !== undefined && header !== bodyKey) {
    throw badRequest(`Invalid ${IDEMPOTENCY_KEY_HEADER}: ${KEYS_DISAGREE}`, { [IDEMPOTENCY_KEY_HEADER]: KEYS_DISAGREE });
  }
}

/** The request a key stands for: the same path parameters, query and body (as validated) hash the same. */
function requestHashOf(request: FastifyRequest): string {
  const parts = JSON.stringify([request.params ?? null, request.query ?? null, request.body ?? null]);
  return createHash('sha256').update(parts).digest('hex');
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const idempotencyPlugin = fp(
  async (app: FastifyInstance, { db, now }: IdempotencyOptions) => {
    /** The claims this instance holds for requests in flight. */
    const claims = new WeakMap<FastifyRequest, IdempotencyScope>();

    function claim(scope: IdempotencyScope, requestHash: string): Promise<boolean> {
      const at = now().getTime();
      return idempotencyStore.claim(db, scope, requestHash, new Date(at), new Date(at + IDEMPOTENCY_KEY_TTL_MS), new Date(at - IDEMPOTENCY_CLAIM_STALE_MS));
    }

    function replay(reply: FastifyReply, status: number, body: string) {
      return reply.code(status).header(IDEMPOTENT_REPLAYED_HEADER, 'true').type('application/json; charset=utf-8').send(body);
    }

    // preHandler: after the access check, the law limits and validation, so only a valid call of a member claims a key.
    app.addHook('preHandler', async (request, reply) => {
      if (!request.routeOptions.config?.idempotent) return;
      const key = idempotencyKeyOf(request);
      if (key === undefined || !request.auth) return;
      const scope: IdempotencyScope = { userId: request.auth.userId, endpoint: `${request.method} ${request.routeOptions.url}`, key };
      const requestHash = requestHashOf(request);
      if (await claim(scope, requestHash)) {
        claims.set(request, scope);
        await idempotencyStore.dropExpired(db, scope.userId, now());
        return;
      }
      // Someone has the key: the same request waits for its answer; another request is refused.
      const deadline = Date.now() + WAIT_FOR_FIRST_MS;
      for (;;) {
        const stored = await idempotencyStore.find(db, scope, now());
        if (stored && stored.requestHash !== requestHash) {
          throw new HttpError(422, 'IDEMPOTENCY_KEY_REUSED', KEY_IN_USE, { [IDEMPOTENCY_KEY_HEADER]: KEY_IN_USE });
        }
        if (stored?.status != null && stored.body !== null) return replay(reply, stored.status, stored.body);
        // The first call failed and let the key go meanwhile (or it expired): this one may run after all.
        if (!stored && (await claim(scope, requestHash))) {
          claims.set(request, scope);
          return;
        }
        if (Date.now() >= deadline) throw conflict(KEY_BUSY, { [IDEMPOTENCY_KEY_HEADER]: KEY_BUSY });
        await delay(POLL_MS);
      }
    });

    // onSend sees the answer as it leaves (serialised): a success is kept for the retries, anything else lets the key go.
    app.addHook('onSend', async (request, reply, payload) => {
      const scope = claims.get(request);
      if (!scope) return payload;
      claims.delete(request);
      try {
        if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string') {
          await idempotencyStore.complete(db, scope, reply.statusCode, payload);
        } else {
          await idempotencyStore.release(db, scope);
        }
      } catch (error) {
        // The answer still goes out; a retry then waits, and after the stale time runs again.
        request.log.error({ err: error }, 'idempotency: keeping the answer failed');
      }
      return payload;
    });
  },
  { name: 'idempotency' },
);
