import type { CameraSummary, Profile } from '@velora/shared';
import { api } from '@/lib/http';
import { setAccessToken } from '@/lib/storage';
import type { ApiMock, FakeRoutes } from '@/test/render-app';
import { fakeSite, profileFixture } from '@/test/render-app';
import { cameraFixture, cameraTagsFixture } from '@/features/cameras/test/fixtures';

// A logged-in member among the cams, and what the API was asked. The test file mocks @/lib/http; `mockedApi` is that mock.

export const mockedApi = api as unknown as ApiMock;
export const callsTo = (path: string) => mockedApi.get.mock.calls.filter(([p]) => p === path);
export const lastParams = (path: string) => callsTo(path).at(-1)?.[1];

export function member(routes: FakeRoutes = {}, profile: Profile = profileFixture()) {
  setAccessToken('member-token');
  fakeSite(mockedApi, {
    get: { '/user/profile': () => profile, '/cameras/tags': () => ({ tags: cameraTagsFixture }), ...routes.get },
    post: { ...routes.post },
    delete: { ...routes.delete },
  });
}

export const live = (id: number, overrides: Partial<CameraSummary> = {}) => cameraFixture(id, { state: 'live', viewers: 3, live_since: 1_700_000_000, ...overrides });
export const statusEvent = (camera: CameraSummary) => {
  const { is_favourite: _ignored, ...rest } = camera;
  return { camera: rest };
};
