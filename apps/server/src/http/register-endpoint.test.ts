import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorBody, IdParam, NoContent, StatusOk, defineEndpoint, type LawLimitInput } from '@velora/shared';
import type { AuthContext, SessionsService } from '../modules/sessions/sessions.service';
import { authPlugin } from '../plugins/auth';
import { errorsPlugin } from '../plugins/errors';
import { lawLimitsPlugin } from '../plugins/law-limits';
import { route, routeOptionsOf, schemaOf } from './register-endpoint';
import { authContextOf } from '../../test/factories/auth-context';

const NOW = Date.UTC(2025, 0, 1);
const base = authContextOf();
const sessions: Record<string, AuthContext> = {
  member: base,
  premium: { ...base, userId: 2, premiumUntil: new Date(NOW + 60_000) },
  expired: { ...base, userId: 3, premiumUntil: new Date(NOW - 1) },
  // As after a log-in with a code of the app (decision record 070).
  team: { ...base, userId: 4, isTeamMember: true, worksOnSite: true, secondFactorEnrolled: true, secondFactorAt: new Date(NOW - 60_000) },
  teamWithoutCode: { ...base, userId: 6, isTeamMember: true, worksOnSite: true, secondFactorEnrolled: true, secondFactorAt: null },
  limited: { ...base, userId: 5 },
};

const Thing = z.object({ id: z.number().int(), name: z.string() });
const common = { answer: 'json', status: 200, tags: ['test'] } as const;
const table = {
  open: defineEndpoint({ ...common, method: 'GET', path: '/open', response: StatusOk, errors: [], capability: 'public', summary: 'open' }),
  mine: defineEndpoint({ ...common, method: 'GET', path: '/things/:id', params: IdParam, response: Thing, errors: [400, 401, 404], capability: 'account', summary: 'one thing' }),
  create: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/things',
    body: z.object({ name: z.string().min(1) }),
    response: Thing,
    status: 201,
    errors: [400, 401],
    capability: 'account',
    summary: 'create',
  }),
  remove: defineEndpoint({ method: 'DELETE', path: '/things/:id', params: IdParam, response: NoContent, status: 204, answer: 'empty', errors: [400, 401], capability: 'account', summary: 'remove', tags: ['test'] }),
  premium: defineEndpoint({ ...common, method: 'GET', path: '/premium', response: StatusOk, errors: [401, 403], capability: 'premium', summary: 'premium' }),
  office: defineEndpoint({ ...common, method: 'GET', path: '/office', response: StatusOk, errors: [401, 403], capability: 'backoffice', summary: 'office' }),
  cams: defineEndpoint({
    ...common,
    method: 'GET',
    path: '/favourites/:kind',
    params: z.object({ kind: z.enum(['model', 'camera']) }),
    response: StatusOk,
    errors: [400, 401, 451],
    capability: 'account',
    summary: 'law-limited for cameras',
    lawLimited: ({ params }: LawLimitInput) => params.kind === 'camera',
  }),
};

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  await app.register(authPlugin, { sessions: { resolve: async (token: string) => sessions[token] ?? null } as unknown as SessionsService, now: () => NOW });
  await app.register(lawLimitsPlugin, { lawLimitationsOf: async (userId) => (userId === sessions.limited!.userId ? ['country:SE'] : []) });
  await app.register(
    async (api) => {
      const ok = { status: 'ok' as const };
      route(api, table.open, async () => ok);
      // The handler's params are parsed: `id` is a number here, typed so.
      route(api, table.mine, async (request) => ({ id: request.params.id, name: `thing ${request.params.id.toFixed(0)}` }));
      route(api, table.create, async (request) => ({ id: 7, name: request.body.name }));
      route(api, table.remove, async () => undefined);
      route(api, table.premium, async () => ok);
      route(api, table.office, async () => ok);
      route(api, table.cams, async () => ok);
    },
    { prefix: '/api' },
  );
  await app.ready();
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, as?: string, payload?: unknown) =>
  app.inject({ method, url: `/api${url}`, headers: as ? { authorization: `Bearer ${as}` } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('a route registered from an endpoint entry', () => {
  it('answers a public call without a session', async () => {
    const res = await call('GET', '/open');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('tells a visitor on an account call to log in, before judging the input', async () => {
    const res = await call('GET', '/things/not-a-number');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });

  it('hands the handler parsed params and sends its body', async () => {
    const res = await call('GET', '/things/12', 'member');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 12, name: 'thing 12' });
  });

  it('answers bad input with 400 naming the field', async () => {
    const res = await call('GET', '/things/0', 'member');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(['id']);
    const body = await call('POST', '/things', 'member', { name: '' });
    expect(body.statusCode).toBe(400);
    expect(Object.keys(body.json().error.fields)).toEqual(['name']);
  });

  it('answers with the success status of the entry: 201 with a body, 204 without one', async () => {
    const created = await call('POST', '/things', 'member', { name: 'new' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: 7, name: 'new' });
    const removed = await call('DELETE', '/things/3', 'member');
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
  });

  it.each([
    ['/premium', undefined, 401],
    ['/premium', 'member', 403],
    ['/premium', 'expired', 403],
    ['/premium', 'premium', 200],
    ['/office', undefined, 401],
    ['/office', 'premium', 403],
    ['/office', 'team', 200],
  ])('checks the capability: GET %s as %s is %i', async (url, as, status) => {
    const res = await call('GET', url, as);
    expect(res.statusCode).toBe(status);
    if (status === 403) expect(res.json().error.message).toMatch(url === '/premium' ? /capability "premium"/ : /capability "backoffice"/);
  });

  it('refuses a staff capability to a session that has not proven its second factor, naming what to do', async () => {
    const res = await call('GET', '/office', 'teamWithoutCode');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('SECOND_FACTOR_REQUIRED');
  });

  it('applies a partial law limit only to the calls it picks', async () => {
    expect((await call('GET', '/favourites/camera', 'limited')).statusCode).toBe(451);
    expect((await call('GET', '/favourites/model', 'limited')).statusCode).toBe(200);
    expect((await call('GET', '/favourites/camera', 'member')).statusCode).toBe(200);
  });
});

describe('schemaOf', () => {
  it('documents a member call with the bearer scheme and an ErrorBody per declared error', () => {
    const schema = schemaOf(table.mine);
    expect(schema.security).toEqual([{ bearer: [] }]);
    expect(schema.params).toBe(IdParam);
    expect(schema.response).toEqual({ 200: Thing, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody });
    expect(schema.tags).toEqual(['test']);
    expect(schema.summary).toBe('one thing');
  });

  it("documents an entry's own error body when it names one (a report that also fails, such as the readiness check)", () => {
    const report = defineEndpoint({ method: 'GET', path: '/ready', response: Thing, errorResponse: Thing, status: 200, answer: 'json', errors: [503], capability: 'public', summary: 'a report', tags: ['x'] });
    expect(schemaOf(report).response).toEqual({ 200: Thing, 503: Thing });
  });

  it('leaves security off a public call and the response off an HTML page', () => {
    expect(schemaOf(table.open).security).toBeUndefined();
    const page = defineEndpoint({ method: 'GET', path: '/page', status: 200, answer: 'html', errors: [404], capability: 'public', summary: 'a page', tags: ['x'] });
    expect(schemaOf(page).response).toBeUndefined();
  });

  it('puts the capability and law limit into the route config', () => {
    const options = routeOptionsOf(table.cams, async () => ({ status: 'ok' as const }));
    expect(options.config).toMatchObject({ capability: 'account' });
    expect(typeof (options.config as { lawLimited?: unknown }).lawLimited).toBe('function');
    expect(routeOptionsOf(table.open, async () => ({ status: 'ok' as const })).config).toEqual({ capability: 'public' });
  });
});
