import { screen, waitFor, within } from '@testing-library/react';
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
  it('redeems ?unlock_token= once, drops it from the URL and names what was unlocked, with links', async () => {
    member(() => ({
      galleries: [9],
      videos: [3, 4, 5],
      redeemed: {
        galleries: [{ id: 9, title: 'Golden hour' }],
        // 3 was unlocked before: only the new ones are named.
        videos: [{ id: 3, title: 'Old one' }, { id: 4, title: 'Sea breeze' }, { id: 5, title: 'City lights' }],
      },
    }));
    const { url } = renderApp('/videos?page=2&unlock_token=demo-unlock');
    const notice = await screen.findByTestId('unlock-notice');
    await waitFor(() => expect(notice.textContent).toContain('Unlocked for you. Enjoy!'));
    expect(notice.textContent).toContain('Shoot: Golden hour');
    expect(notice.textContent).toContain('2 videos: Sea breeze, City lights');
    expect(notice.textContent).not.toContain('Old one');
    expect(within(notice).getByRole('link', { name: 'Golden hour' }).getAttribute('href')).toBe('/shoot/9');
    expect(within(notice).getByRole('link', { name: 'Sea breeze' }).getAttribute('href')).toBe('/videos?page=2#play-4');
    expect(within(notice).getByRole('link', { name: 'City lights' }).getAttribute('href')).toBe('/videos?page=2#play-5');
    expect(url()).toBe('/videos?page=2');
    const posts = mockedApi.post.mock.calls.filter(([path]) => path === '/videos/unlocked');
    expect(posts).toEqual([['/videos/unlocked', { token: 'demo-unlock' }]]);
  });

  it('names one video in the singular and counts what is past the first five titles', async () => {
    const many = Array.from({ length: 7 }, (_, i) => ({ id: 20 + i, title: `Shoot ${i + 1}` }));
    member(() => ({ galleries: many.map((s) => s.id), videos: [3, 8], redeemed: { galleries: many, videos: [{ id: 8, title: 'Only one' }] } }));
    renderApp('/videos?unlock_token=demo-unlock');
    const notice = await screen.findByTestId('unlock-notice');
    await waitFor(() => expect(notice.textContent).toContain('Video: Only one'));
    expect(notice.textContent).toContain('7 shoots: Shoot 1, Shoot 2, Shoot 3, Shoot 4, Shoot 5 and 2 more');
    expect(within(notice).queryByRole('link', { name: 'Shoot 6' })).toBeNull();
  });

  it('says when everything in the link was unlocked before', async () => {
    member(() => ({ galleries: [], videos: [3], redeemed: { galleries: [], videos: [{ id: 3, title: 'Old one' }] } }));
    renderApp('/videos?unlock_token=demo-unlock');
    await waitFor(() => expect(screen.getByTestId('unlock-notice').textContent).toMatch(/already unlocked/));
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
      () => ({ galleries: [], videos: [1], redeemed: { galleries: [], videos: [{ id: 1, title: 'First film' }] } }),
      () => {
        throw new Error('network down');
      },
    );
    renderApp('/videos?unlock_token=demo-unlock');
    await waitFor(() => expect(screen.getByTestId('unlock-notice').textContent).toMatch(/Video: First film/));
  });
});
