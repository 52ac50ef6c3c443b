import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { resetPopups } from '@/components/popups/popup-store';
import { ApiError, api } from '@/lib/http';
import { setAccessToken } from '@/lib/storage';
import type { ApiMock } from '@/test/render-app';
import { fakeApi, profileFixture, renderApp, tagsFixture, videoListFixture, visitFixture } from '@/test/render-app';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const mockedApi = api as unknown as ApiMock;

function member(unlock: (body: unknown) => unknown, unlocked: () => unknown = () => ({ galleries: [], videos: [3] })) {
  setAccessToken('member-token');
  fakeApi(mockedApi, {
    get: {
      '/track/visit': () => visitFixture(),
      '/user/profile': () => profileFixture(),
      '/videos': () => videoListFixture(),
      '/videos/tags': () => tagsFixture,
      '/videos/unlocked': unlocked,
    },
    post: { '/videos/unlocked': unlock },
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
});
afterEach(() => setAccessToken(null));

describe('an unlock link', () => {
  it('redeems ?unlock_token= once, drops it from the URL and says what was unlocked', async () => {
    member(() => ({ galleries: [9], videos: [3, 4, 5] }));
    const { url } = renderApp('/videos?page=2&unlock_token=demo-unlock');
    expect((await screen.findByTestId('unlock-notice')).textContent).toMatch(/videos: 2, shoots: 1/);
    expect(url()).toBe('/videos?page=2');
    const posts = mockedApi.post.mock.calls.filter(([path]) => path === '/videos/unlocked');
    expect(posts).toEqual([['/videos/unlocked', { token: 'demo-unlock' }]]);
  });

  it('says so when the token is invalid, and the page keeps working', async () => {
    member(() => {
      throw new ApiError({ status: 404, statusText: 'Not Found', body: { error: { code: 'NOT_FOUND', message: 'This unlock link is invalid or has expired' } }, path: '/videos/unlocked' });
    });
    renderApp('/videos?unlock_token=nope');
    await waitFor(() => expect(screen.getByTestId('unlock-notice').textContent).toMatch(/invalid or has expired/));
    expect((await screen.findAllByTestId('video-card')).length).toBeGreaterThan(0);
  });

  it('treats a failed fetch of the unlocked list as nothing unlocked', async () => {
    member(
      () => ({ galleries: [], videos: [1] }),
      () => {
        throw new Error('network down');
      },
    );
    renderApp('/videos?unlock_token=demo-unlock');
    await waitFor(() => expect(screen.getByTestId('unlock-notice').textContent).toMatch(/videos: 1, shoots: 0/));
  });
});
