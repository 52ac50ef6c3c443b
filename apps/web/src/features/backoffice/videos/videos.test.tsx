import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BackofficeVideoDetail, BackofficeVideoList, BackofficeVideoSummary, Profile } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPopups } from '@/components/popups/popup-store';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import { setAccessToken } from '@/lib/storage';
import { serverError } from '@/test/fake-api';
import type { ApiMock, FakeRoutes } from '@/test/render-app';
import { fakeSite, profileFixture, renderApp } from '@/test/render-app';

// The back office's video screens (decision record 074): the list by status, a video's live transcode progress and
// publishing, and who may do what.

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
const mockedApi = api as unknown as ApiMock;

function signedIn(profile: Profile, routes: FakeRoutes = {}) {
  setAccessToken('token');
  fakeSite(mockedApi, { ...routes, get: { '/user/profile': () => profile, '/roles': () => [], ...routes.get }, put: routes.put, post: routes.post });
}
const admin = () => profileFixture({ is_team_member: true, team_kinds: ['admin'], second_factor: 'verified' });
const moderator = () => profileFixture({ is_team_member: true, team_kinds: ['moderator'], second_factor: 'verified' });

const summary = (id: number, overrides: Partial<BackofficeVideoSummary> = {}): BackofficeVideoSummary => ({
  id,
  title: `Video ${id}`,
  status: 'draft',
  published_at: null,
  duration: 125,
  trailer: false,
  models: [{ id: 3, name: 'Ava Stone' }],
  progress: null,
  created_at: 1_900_000_000,
  ...overrides,
});
const list = (videos: BackofficeVideoSummary[]): BackofficeVideoList => ({ videos, total: videos.length, page: 1, page_size: 25 });
const detail = (overrides: Partial<BackofficeVideoDetail> = {}): BackofficeVideoDetail => ({
  ...summary(9, { title: 'Golden hour' }),
  description: '',
  media: { status: 'ready', progress: 1, renditions: [360, 720], error: null },
  upload: { id: 'a'.repeat(32), status: 'received', file_name: 'golden.mp4', size: 1_000_000, error: null },
  has_cover: false,
  preview_url: null,
  ...overrides,
});

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
});
afterEach(() => setAccessToken(null));

describe('/backoffice/videos', () => {
  it('lists every video with its status and transcode progress, and searches by title or model through the URL', { timeout: 20_000 }, async () => {
    const asked: unknown[] = [];
    signedIn(admin(), {
      get: {
        '/backoffice/videos': (params) => {
          asked.push(params);
          return list([summary(1, { status: 'published', published_at: 1_900_000_000 }), summary(2, { status: 'transcoding', progress: 0.42 }), summary(3, { status: 'failed' })]);
        },
      },
    });
    const { url } = renderApp('/backoffice/videos');
    const rows = await screen.findAllByTestId('video-row');
    expect(rows.map((row) => within(row).getByTestId('video-status').textContent)).toEqual(['Published', 'Transcoding · 42 %', 'Failed']);
    expect(within(rows[0]!).getByRole('link', { name: 'Video 1' }).getAttribute('href')).toBe('/backoffice/videos/1');
    expect(screen.getByTestId('new-video')).toBeTruthy();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by title or model' }), 'ava');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'failed');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(url()).toBe('/backoffice/videos?query=ava&status=failed'));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ query: 'ava', status: 'failed' }));
  });

  it('says when nothing matches, and offers a retry when the list fails', async () => {
    let fail = true;
    signedIn(moderator(), {
      get: {
        '/backoffice/videos': () => {
          if (fail) throw serverError(500, 'down');
          return list([]);
        },
      },
    });
    renderApp('/backoffice/videos');
    const retry = await screen.findByRole('button', { name: /try again/i }, { timeout: 5000 });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByText('No videos yet.')).toBeTruthy();
    // A moderator finds and takes down videos; making them is an admin's.
    expect(screen.queryByTestId('new-video')).toBeNull();
  });
});

describe('/backoffice/videos/:id', () => {
  it('shows the transcode progress live, then publishes the video now', { timeout: 20_000 }, async () => {
    let current = detail({ status: 'transcoding', progress: 0.3, media: { status: 'processing', progress: 0.3, renditions: [], error: null } });
    const published: unknown[] = [];
    signedIn(admin(), {
      get: { '/backoffice/videos/9': () => current, '/backoffice/video-models': () => ({ models: [{ id: 3, name: 'Ava Stone' }] }) },
      post: {
        '/backoffice/videos/9/publish': (body) => {
          published.push(body);
          current = detail({ status: 'published', published_at: 1_900_000_000 });
          return current;
        },
      },
    });
    renderApp('/backoffice/videos/9');
    const bar = (await screen.findByRole('progressbar', { name: 'Transcoding progress' })) as HTMLProgressElement;
    expect(bar.value).toBe(30);
    expect(screen.getByText('The video can be published once it is transcoded.')).toBeTruthy();

    current = detail();
    await waitFor(() => expect(screen.getByText('Transcoded: 360p, 720p.')).toBeTruthy(), { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(published).toEqual([{}]));
    expect(await screen.findByText('Published.')).toBeTruthy();
    expect(within(screen.getByTestId('video-state')).getByTestId('video-status').textContent).toBe('Published');
  });

  it('tells why a failed upload failed, and asks for another file', async () => {
    signedIn(admin(), {
      get: {
        '/backoffice/videos/9': () =>
          detail({ status: 'failed', media: null, upload: { id: 'b'.repeat(32), status: 'failed', file_name: 'notes.mp4', size: 200, error: 'The file is not in a video container (tty)' } }),
        '/backoffice/video-models': () => ({ models: [] }),
      },
    });
    renderApp('/backoffice/videos/9');
    expect(await screen.findByText('The upload failed: The file is not in a video container (tty)')).toBeTruthy();
    expect(screen.getByLabelText('Video file')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload a file' })).toHaveProperty('disabled', true);
  });

  it('lets a moderator take a published video down but not publish or edit it', async () => {
    const unpublished: number[] = [];
    signedIn(moderator(), {
      get: { '/backoffice/videos/9': () => detail({ status: 'published', published_at: 1_900_000_000 }), '/backoffice/video-models': () => ({ models: [] }) },
      post: {
        '/backoffice/videos/9/unpublish': () => {
          unpublished.push(9);
          return detail({ status: 'draft' });
        },
      },
    });
    renderApp('/backoffice/videos/9');
    expect(await screen.findByText('Only admins publish videos; you can take them down.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publish now' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' }).matches(':disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Unpublish' }));
    await waitFor(() => expect(unpublished).toEqual([9]));
    expect(await screen.findByText('Unpublished: members no longer see it.')).toBeTruthy();
  });
});
