import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { Profile, StatusOk, VideoList } from '@velora/shared';
import type * as Http from './index';
import { api } from './index';
import type { CallableName } from './call';
import { call } from './call';

vi.mock('./index', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const client = api as unknown as Record<'get' | 'post' | 'put' | 'patch' | 'delete', ReturnType<typeof vi.fn>>;

beforeEach(() => {
  for (const method of Object.values(client)) method.mockResolvedValue({ ok: true });
});
afterEach(() => vi.clearAllMocks());

/** The one client call a typed call made: [method, path, query or body, options]. */
function sent() {
  const made = Object.entries(client).flatMap(([method, fn]) => fn.mock.calls.map((args) => [method, ...args]));
  expect(made).toHaveLength(1);
  return made[0];
}

describe('call: the same client call as the path string it replaces', () => {
  // [the typed call, what the untyped call was: method, path, query or body]
  const cases: Array<[string, () => Promise<unknown>, [string, string, unknown]]> = [
    ['a GET without input', () => call('user.profile'), ['get', '/user/profile', undefined]],
    ['a GET with a query', () => call('videos.list', { query: { page: 2, order: 'newest', tags: [1, 2], query: null } }), ['get', '/videos', { page: 2, order: 'newest', tags: [1, 2], query: null }]],
    ['path parameters', () => call('shoots.chapter', { params: { shootId: 4, chapterId: 9 } }), ['get', '/shoots/4/chapters/9', undefined]],
    ['an enum parameter and a query', () => call('favourites.list', { params: { kind: 'model' }, query: { page: 3 } }), ['get', '/favourites/model', { page: 3 }]],
    ['a parameter that needs encoding', () => call('blog.article', { params: { alias: 'a b/c' }, query: { lang: 'de' } }), ['get', '/blog/a%20b%2Fc', { lang: 'de' }]],
    ['a wildcard path', () => call('pages.get', { params: { '*': 'about/team' } }), ['get', '/pages/about/team', undefined]],
    ['a POST with a body', () => call('user.lang', { body: { lang: 'fr' } }), ['post', '/user/lang', { lang: 'fr' }]],
    ['a POST without a body', () => call('auth.logout'), ['post', '/auth/logout', undefined]],
    ['a PUT', () => call('messages.unsubscribe', { params: { group: 'news' }, body: { subscribe: true } }), ['put', '/messages/unsubscribe/news', { subscribe: true }]],
    ['a DELETE', () => call('comments.delete', { params: { id: 5, commentId: 8 } }), ['delete', '/videos/5/comments/8', undefined]],
    ['a DELETE with an encoded name', () => call('messages.delete', { params: { name: 'Ann Lee', messageId: '3' } }), ['delete', '/messages/Ann%20Lee/3', undefined]],
  ];

  it.each(cases)('%s', async (_name, typed, [method, path, input]) => {
    await typed();
    // Without options, the client gets the path and the query or body when there is one, as the old calls passed them.
    expect(sent()).toEqual(input === undefined ? [method, path] : [method, path, input]);
  });

  it('passes the options on when the caller gives any, none given as undefined', async () => {
    const controller = new AbortController();
    await call('videos.tags', undefined, { signal: controller.signal });
    expect(sent()).toEqual(['get', '/videos/tags', undefined, { signal: controller.signal }]);
    vi.clearAllMocks();

    await call('videos.tags', undefined, { signal: undefined });
    expect(sent()).toEqual(['get', '/videos/tags', undefined, undefined]);
    vi.clearAllMocks();

    await call('favourites.add', { params: { kind: 'video', id: 2 } }, { keepalive: true });
    expect(sent()).toEqual(['post', '/favourites/video/2', undefined, { keepalive: true }]);
  });

  it('resolves what the client resolves: the answer, or null for an aborted request', async () => {
    client.get.mockResolvedValueOnce({ id: 1 });
    await expect(call('videos.detail', { params: { id: 1 } })).resolves.toEqual({ id: 1 });
    client.get.mockResolvedValueOnce(null);
    await expect(call('videos.detail', { params: { id: 1 } })).resolves.toBeNull();
  });

  it('throws, before any request, when a path parameter is missing', () => {
    // @ts-expect-error -- `id` is required by /videos/:id
    expect(() => call('videos.detail', { params: {} })).toThrow('needs "id"');
    expect(Object.values(client).every((fn) => fn.mock.calls.length === 0)).toBe(true);
  });
});

describe('call: an Idempotency-Key on the calls that create something (decision record 030)', () => {
  const keyOf = (args: unknown[]) => (args[2] as { headers?: Record<string, string> } | undefined)?.headers?.['Idempotency-Key'];

  it('sends a fresh key with each call of an idempotent entry, and the body as before', async () => {
    await call('messages.send', { params: { name: 'ann' }, body: { text: 'hi' } });
    await call('messages.send', { params: { name: 'ann' }, body: { text: 'hi' } });
    const [first, second] = client.post.mock.calls;
    expect(first!.slice(0, 2)).toEqual(['/messages/ann/send', { text: 'hi' }]);
    expect(keyOf(first!)).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(second!)).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(second!)).not.toBe(keyOf(first!));
  });

  it('covers comments, tips and checkouts, keeps the caller\'s own options and key, and leaves other calls alone', async () => {
    const controller = new AbortController();
    await call('comments.post', { params: { id: 5 }, body: { body: 'hi' } }, { signal: controller.signal });
    expect(client.post.mock.calls[0]![2]).toEqual({ signal: controller.signal, headers: { 'Idempotency-Key': expect.any(String) } });
    await call('coins.tip', { body: { model_id: 1, coins: 5 } }, { headers: { 'idempotency-key': 'mine' } });
    expect(client.post.mock.calls[1]![2]).toEqual({ headers: { 'idempotency-key': 'mine' } });
    await call('payments.checkout', { body: { kind: 'coins', package_id: 2 } });
    expect(keyOf(client.post.mock.calls[2]!)).toEqual(expect.any(String));
    await call('user.lang', { body: { lang: 'fr' } });
    expect(client.post.mock.calls[3]).toEqual(['/user/lang', { lang: 'fr' }]);
  });
});

describe('call: its types come from the endpoint table (tsc -p apps/web checks this block)', () => {
  it('resolves the entry response, {} for a 204', () => {
    expectTypeOf(call('user.profile')).resolves.toEqualTypeOf<Profile | null>();
    expectTypeOf(call('videos.list', { query: { page: 1 } })).resolves.toEqualTypeOf<VideoList | null>();
    expectTypeOf(call('user.lang', { body: { lang: 'en' } })).resolves.toEqualTypeOf<StatusOk | null>();
    expectTypeOf(call('auth.logout')).resolves.toEqualTypeOf<Record<string, never> | null>();
  });

  it('offers only the JSON and 204 answers (the sandbox pages are opened by the browser)', () => {
    expectTypeOf<'videos.list'>().toExtend<CallableName>();
    expectTypeOf<'payments.sandbox.page'>().not.toExtend<CallableName>();
    expectTypeOf<'compliance.ageVerification.sandboxComplete'>().not.toExtend<CallableName>();
  });

  it('refuses a wrong name, path parameter, query key or body (each line must fail to compile)', () => {
    // Built, never sent: an unused @ts-expect-error fails `tsc -p apps/web`, so each line below is a proven refusal.
    const refused = [
      // @ts-expect-error -- no endpoint of that name
      () => call('videos.lst'),
      // @ts-expect-error -- /videos/:id needs its params
      () => call('videos.detail'),
      // @ts-expect-error -- the parameter is `id`, not `videoId`
      () => call('videos.detail', { params: { videoId: 3 } }),
      // @ts-expect-error -- a favourite kind is one of the table's enum
      () => call('favourites.list', { params: { kind: 'song' } }),
      // @ts-expect-error -- /videos takes no path parameters
      () => call('videos.list', { params: { id: 1 } }),
      // @ts-expect-error -- /videos has no `sort` query key
      () => call('videos.list', { query: { sort: 'newest' } }),
      // @ts-expect-error -- `order` is one of the video orders
      () => call('videos.list', { query: { order: 'best' } }),
      // @ts-expect-error -- a GET sends no body
      () => call('videos.list', { body: { page: 1 } }),
      // @ts-expect-error -- /user/lang needs a body
      () => call('user.lang'),
      // @ts-expect-error -- the body's key is `lang`
      () => call('user.lang', { body: { language: 'en' } }),
      // @ts-expect-error -- `lang` is one of the languages
      () => call('user.lang', { body: { lang: 'es' } }),
      // @ts-expect-error -- the password change needs the current password too
      () => call('user.changePassword', { body: { newPassword: 'x' } }),
      // @ts-expect-error -- a POST without a body schema sends none
      () => call('auth.logout', { body: {} }),
      // @ts-expect-error -- the sandbox page is HTML for the browser, not a call
      () => call('payments.sandbox.page', { params: { id: 'x' } }),
    ];
    expect(refused).toHaveLength(14);
  });
});
