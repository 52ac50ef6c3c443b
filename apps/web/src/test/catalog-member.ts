import type { Profile } from '@velora/shared';
import { ApiError, api } from '@/lib/http';
import { setAccessToken } from '@/lib/storage';
import { homeFixture } from '@/test/catalog-fixtures';
import type { ApiMock } from '@/test/render-app';
import { fakeApi, profileFixture, videoListFixture, visitFixture } from '@/test/render-app';

// A logged-in member in the catalog, and what the API was asked. The test file mocks @/lib/http; `mockedApi` is that mock.

export const mockedApi = api as unknown as ApiMock;
export type Handler = (input: unknown) => unknown;

export const notFound = (path: string) => new ApiError({ status: 404, statusText: 'Not Found', body: { error: { code: 'NOT_FOUND', message: 'Not found' } }, path });

/** A logged-in member; `get`/`post`/`del` answer by path (unknown paths fail the test). */
export function member(routes: { get?: Record<string, Handler>; post?: Record<string, Handler>; del?: Record<string, Handler> } = {}, profile: Profile = profileFixture()) {
  setAccessToken('member-token');
  fakeApi(mockedApi, {
    get: {
      '/track/visit': () => visitFixture(),
      '/user/profile': () => profile,
      '/videos': () => videoListFixture(),
      '/home': () => homeFixture([]),
      ...routes.get,
    },
    post: { ...routes.post },
  });
  mockedApi.delete.mockImplementation((path: string) => {
    const handler = routes.del?.[path];
    if (!handler) return Promise.reject(new Error(`Unexpected DELETE ${path}`));
    try {
      return Promise.resolve(handler(undefined));
    } catch (error) {
      return Promise.reject(error);
    }
  });
}

export const callsTo = (path: string) => mockedApi.get.mock.calls.filter(([p]) => p === path);
export const lastParams = (path: string) => callsTo(path).at(-1)?.[1];
