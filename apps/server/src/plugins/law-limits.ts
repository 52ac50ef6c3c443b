import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LAW_LIMITED_CODE, LAW_LIMITED_MESSAGE } from '@velora/shared';
import type { LawLimitedRule } from '../http/law-limited-rule';
import { HttpError } from '../lib/http-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Whether the route's calls are law-limited; the endpoint table sets it (http/law-limited-rule.ts). */
    lawLimited?: LawLimitedRule;
  }
  interface FastifyRequest {
    /** The law limitations of this request's user (or visitor) and visit; empty when there are none. */
    lawLimitations(): Promise<string[]>;
  }
}

export interface LawLimitsOptions {
  /** The law limitations of the user (or visitor) and visit of a request; empty when there are none. */
  lawLimitationsOf(userId: number | null, visitId: string | null): Promise<string[]>;
}

export const lawLimited = () => new HttpError(451, LAW_LIMITED_CODE, LAW_LIMITED_MESSAGE);

export const lawLimitsPlugin = fp(async (app: FastifyInstance, opts: LawLimitsOptions) => {
  // For handlers that answer differently instead of refusing (the tip offer is null): the rule of the users module,
  // without the route's module importing it.
  app.decorateRequest('lawLimitations', function (this: FastifyRequest) {
    return opts.lawLimitationsOf(this.auth?.userId ?? null, this.visitId);
  });

  // preValidation: after the access hook (a visitor on a member route still gets 401), before the body is judged.
  app.addHook('preValidation', async (request) => {
    const rule = request.routeOptions.config?.lawLimited;
    if (!rule || (typeof rule === 'function' && !rule(request))) return;
    const limitations = await request.lawLimitations();
    if (limitations.length > 0) throw lawLimited();
  });
});
