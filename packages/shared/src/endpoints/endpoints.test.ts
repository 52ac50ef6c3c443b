import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CAPABILITY_NAMES } from '../rules/capabilities';
import { ENDPOINT_ENTRIES, ENDPOINT_GROUPS, ENDPOINT_NAMES, ENDPOINTS, defineEndpoint, endpointPath, pathParamNames, type EndpointBody, type EndpointParams, type EndpointResponse } from './index';

const entries = ENDPOINT_ENTRIES;

describe('the endpoint table', () => {
  it('names each endpoint once across the domain tables', () => {
    const names = ENDPOINT_GROUPS.flatMap((group) => Object.keys(group));
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBe(ENDPOINT_NAMES.length);
  });

  it('has one entry per method and path', () => {
    const keys = entries.map(([, e]) => `${e.method} ${e.path}`);
    const twice = keys.filter((k, i) => keys.indexOf(k) !== i);
    expect(twice).toEqual([]);
  });

  it.each(entries)('%s: every path parameter has a params key and every params key is in the path', (_name, endpoint) => {
    const inPath = pathParamNames(endpoint.path).sort();
    const inSchema = endpoint.params ? Object.keys((endpoint.params as z.ZodObject).shape).sort() : [];
    expect(inSchema).toEqual(inPath);
  });

  it.each(entries)('%s: is well-formed (relative path, known capability, answer and schemas agree)', (_name, e) => {
    expect(e.path).toMatch(/^\/(?!api\/)/);
    expect(CAPABILITY_NAMES).toContain(e.capability);
    expect(e.summary.length).toBeGreaterThan(0);
    expect(e.tags.length).toBeGreaterThan(0);
    if (e.answer === 'json') expect(e.response).toBeDefined();
    if (e.answer === 'html' || e.answer === 'redirect') expect(e.response).toBeUndefined();
    expect(e.answer === 'empty').toBe(e.status === 204);
    expect(e.answer === 'redirect').toBe(e.status === 303);
    // A visitor on a members' call is told to log in: the answer is declared.
    if (e.capability !== 'public') expect(e.errors).toContain(401);
    // A law-limited call answers 451 to SE users: declared.
    if (e.lawLimited) expect(e.errors).toContain(451);
    if (e.rateLimited) expect(e.errors).toContain(429);
    if (e.params || e.query || e.body) expect(e.errors).toContain(400);
    // An Idempotency-Key is a member's (keys are kept per user) and may be bad (400), reused (422) or busy (409).
    if (e.idempotent) {
      expect(e.capability).not.toBe('public');
      expect(e.errors).toEqual(expect.arrayContaining([400, 409, 422]));
    }
  });

  it('takes an Idempotency-Key on every member call that creates a message, comment, tip, chat session, playdate or checkout', () => {
    const idempotent = entries.filter(([, e]) => e.idempotent).map(([name]) => name).sort();
    expect(idempotent).toEqual([
      'cameras.chat.enter',
      'coins.tip',
      'comments.post',
      'messages.playdate.send',
      'messages.send',
      'payments.checkout',
      'playdates.private.extend',
      'playdates.private.request',
    ]);
  });
});

describe('endpointPath', () => {
  it.each([
    [endpointPath(ENDPOINTS['videos.detail'], { id: 3 }), '/videos/3'],
    [endpointPath(ENDPOINTS['shoots.chapter'], { shootId: 1, chapterId: '2' }), '/shoots/1/chapters/2'],
    [endpointPath(ENDPOINTS['messages.conversation'], { name: 'a b/c' }), '/messages/a%20b%2Fc'],
    [endpointPath(ENDPOINTS['favourites.add'], { kind: 'camera', id: 9 }), '/favourites/camera/9'],
    [endpointPath(ENDPOINTS['pages.get'], { '*': 'summer special/terms' }), '/pages/summer%20special/terms'],
    [endpointPath(ENDPOINTS['videos.list']), '/videos'],
  ])('fills in %s', (built, expected) => {
    expect(built).toBe(expected);
  });

  it('refuses to build a path without its parameter', () => {
    expect(() => endpointPath(ENDPOINTS['videos.detail'], {} as { id: number })).toThrow(/needs "id"/);
  });
});

describe('the types of an endpoint', () => {
  it('types a wrong path or body as an error', () => {
    // Compile-time checks (never run): `npx tsc -p packages/shared` fails when one of these stops being an error.
    const compileOnly = () => [
      // @ts-expect-error an enum parameter accepts only its values
      endpointPath(ENDPOINTS['favourites.list'], { kind: 'dog' }),
      // @ts-expect-error a call with path parameters needs them
      endpointPath(ENDPOINTS['videos.detail']),
    ];
    expect(typeof compileOnly).toBe('function');
    // @ts-expect-error the login body has no `user` field
    const body: EndpointBody<(typeof ENDPOINTS)['auth.login']> = { user: 'a', password: 'b' };
    const params: EndpointParams<(typeof ENDPOINTS)['videos.detail']> = { id: 1 };
    const profileId = (null as unknown as EndpointResponse<(typeof ENDPOINTS)['user.profile']>)?.id;
    expect([body, params, profileId]).toHaveLength(3);
  });

  it('refuses an entry whose path and params disagree', () => {
    const params = z.object({ id: z.string() });
    const spec = {
      method: 'GET',
      path: '/things/:thing',
      params,
      status: 200,
      answer: 'html',
      errors: [400],
      capability: 'public',
      summary: 'x',
      tags: ['x'],
    } as const;
    // @ts-expect-error :thing is not a key of params, id is not in the path
    expect(defineEndpoint(spec).path).toBe('/things/:thing');
  });
});
