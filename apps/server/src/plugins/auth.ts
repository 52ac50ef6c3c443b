import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  DISABLED_ROLES_COOKIE,
  SECOND_FACTOR_REFUSALS,
  can,
  effectiveRoles,
  needsSecondFactor,
  parseDisabledRoles,
  secondFactorStateOf,
  type Capability,
  type CapabilitySubject,
} from '@velora/shared';
import { HttpError, forbidden, unauthorized } from '../lib/http-error';
import type { AuthContext, SessionsService } from '../modules/sessions/sessions.service';

// Who may call a route is its capability (packages/shared rules/capabilities.ts), which its entry of the endpoint
// table declares and http/register-endpoint.ts puts in `config.capability`; this one hook enforces it.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the caller must be able to do; every /api route has one. */
    capability?: Capability;
    /** The error body's `code` when the capability is missing (default FORBIDDEN), e.g. PLAYDATE_NOT_PREMIUM. */
    refusalCode?: string;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    bearerToken: string | null;
  }
}

export function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** One cookie's value from the Cookie header (the app sends cookies with every same-origin call). */
export function cookieOf(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The capability subject of a session: what `can()` reads, the same facts the web has from the profile. */
export function subjectOf(auth: AuthContext | null): CapabilitySubject | null {
  if (!auth) return null;
  return {
    // Unix seconds, as the profile has them; not rounded, so the server's premium check stays to the millisecond.
    premium_until: auth.premiumUntil ? auth.premiumUntil.getTime() / 1000 : null,
    model_id: auth.modelId,
    is_team_member: auth.isTeamMember,
    roles: auth.roles,
    team_kinds: auth.teamKinds,
  };
}

/** The 403 of a missing capability names it, so a client (and a person reading logs) knows what was missing. */
export const missingCapability = (capability: Capability, code?: string) => {
  const refusal = forbidden(capability === 'premium' ? 'This needs a premium membership (capability "premium")' : `This needs the capability "${capability}"`);
  // A call whose refusal opens a popup of its own (the playdate-forbiddance popup) names it in the code.
  return code ? new HttpError(403, code, refusal.message) : refusal;
};

export const authPlugin = fp(async (app: FastifyInstance, opts: { sessions: SessionsService; now?: () => number; disabledRoles?: readonly string[] }) => {
  const now = opts.now ?? Date.now;
  app.decorateRequest('auth', null);
  app.decorateRequest('bearerToken', null);

  app.addHook('onRequest', async (request) => {
    const capability = request.routeOptions.config?.capability;
    // onRequest: a visitor learns nothing about a members-only route, not even its validation rules.
    // Routes outside the API (static files, media) carry no capability and need no session.
    if (capability === undefined) return;
    request.bearerToken = bearerTokenOf(request);
    const auth = request.bearerToken ? await opts.sessions.resolve(request.bearerToken) : null;
    // Every role check on the server reads auth.roles: the roles switched off locally or by the deployment are gone here.
    request.auth = auth && { ...auth, roles: effectiveRoles(auth.roles, parseDisabledRoles(cookieOf(request, DISABLED_ROLES_COOKIE)), opts.disabledRoles) };
    if (!can(subjectOf(request.auth), capability, now())) {
      throw request.auth ? missingCapability(capability, request.routeOptions.config?.refusalCode) : unauthorized();
    }
    if (request.auth && needsSecondFactor(capability)) requireSecondFactor(request.auth, now());
  });

  // A route under /api without a capability was not registered from the endpoint table: fail loudly at start-up.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && route.config?.capability === undefined && route.method !== 'HEAD') {
      throw new Error(`Route ${String(route.method)} ${route.url} has no config.capability: register it from the endpoint table (http/register-endpoint.ts)`);
    }
  });
});

/**
 * A staff call (the studio, the back office) needs the session to have proven its second factor lately (decision record
 * 070): 403 naming what to do, set up an app or enter a code, which the web answers with that form.
 */
export function requireSecondFactor(auth: AuthContext, nowMs: number): void {
  const refusal = secondFactorRefusalOf(auth, nowMs);
  if (refusal) throw new HttpError(403, refusal.code, refusal.message);
}

/** Why a session may not make a staff call now (no app set up, or no code entered lately), or null when it may. */
export function secondFactorRefusalOf(auth: Pick<AuthContext, 'secondFactorEnrolled' | 'secondFactorAt'>, nowMs: number): { code: string; message: string } | null {
  const state = secondFactorStateOf({ worksOnSite: true, enrolled: auth.secondFactorEnrolled, provenAtMs: auth.secondFactorAt?.getTime() ?? null }, nowMs);
  if (state === 'verified') return null;
  return state === 'setup'
    ? { code: SECOND_FACTOR_REFUSALS.setup, message: 'This needs two-factor sign-in: set up an authenticator app first' }
    : { code: SECOND_FACTOR_REFUSALS.required, message: 'This needs two-factor sign-in: enter a code of your authenticator app' };
}

/** For handlers of member routes: the auth context, which the hook guaranteed. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
