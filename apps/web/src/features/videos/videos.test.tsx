import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { resetPopups } from '@/components/popups/popup-store';
import { MaxRetriesError, api } from '@/lib/http';
import { setAccessToken, setLanguage } from '@/lib/storage';
import type { ApiMock } from '@/test/render-app';
import { fakeApi, profileFixture, renderApp, tagsFixture, videoFixture, videoListFixture, visitFixture } from '@/test/render-app';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const mockedApi = api as unknown as ApiMock;
type VideoParams = { page: number; order: string; tags: number[] | null; query: string | null };

function member(videos: (params: VideoParams) => unknown = (p) => videoListFixture({ page: p.page })) {
  setAccessToken('member-token');
  fakeApi(mockedApi, {
    get: {
      '/track/visit': () => visitFixture(),
      '/user/profile': () => profileFixture(),
      '/videos': (params) => videos(params as VideoParams),
      '/videos/tags': () => tagsFixture,
    },
  });
}

const lastVideosParams = () => {
  const calls = mockedApi.get.mock.calls.filter(([path]) => path === '/videos');
  return calls[calls.length - 1]?.[1] as VideoParams | undefined;
};

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
});
afterEach(() => setAccessToken(null));

describe('/videos', () => {
  it('renders cards, the count and real paging', async () => {
    member();
    renderApp('/videos');
    const cards = await screen.findAllByTestId('video-card');
    expect(cards).toHaveLength(2);
    const first = cards[0]!;
    expect(within(first).getByRole('heading', { name: 'Demo film 1' })).toBeTruthy();
    expect(within(first).getByRole('img', { name: 'Demo film 1' }).getAttribute('loading')).toBeTruthy();
    expect(within(first).getByText('12:34')).toBeTruthy();
    expect(within(first).getByText('With Ava Demo')).toBeTruthy();
    expect(within(within(first).getByRole('list', { name: 'Tags' })).getByRole('listitem').textContent).toBe('Outdoor');
    expect(screen.getByTestId('result-count').textContent).toBe('6 videos');
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(within(pagination).getByRole('link', { name: /Next/ })).toBeTruthy();
  });

  it('follows a page link and asks the server for that page', async () => {
    const user = userEvent.setup();
    member();
    const { location } = renderApp('/videos?order=oldest');
    const pagination = await screen.findByRole('navigation', { name: 'Pagination' });
    await user.click(within(pagination).getByRole('link', { name: 'Page 2' }));
    await waitFor(() => expect(location().search).toBe('?order=oldest&page=2'));
    await waitFor(() => expect(lastVideosParams()).toEqual({ page: 2, order: 'oldest', tags: null, query: null }));
  });

  it('a tag toggles in the URL, resets the page and is removable', async () => {
    const user = userEvent.setup();
    member();
    const { location } = renderApp('/videos?page=3');
    const group = await screen.findByTestId('tag-filter');
    const studio = within(group).getByRole('button', { name: 'Studio' });
    expect(studio.getAttribute('aria-pressed')).toBe('false');
    await user.click(studio);
    await waitFor(() => expect(location().search).toBe('?tags=2'));
    await waitFor(() =>
      expect(within(screen.getByTestId('tag-filter')).getByRole('button', { name: 'Studio' }).getAttribute('aria-pressed')).toBe('true'),
    );
    await waitFor(() => expect(lastVideosParams()).toEqual({ page: 1, order: 'newest', tags: [2], query: null }));

    await user.click(within(screen.getByTestId('tag-filter')).getByRole('button', { name: 'Outdoor' }));
    await waitFor(() => expect(location().search).toBe('?tags=1%2C2'));

    await user.click(screen.getByRole('button', { name: 'Remove tag Studio' }));
    await waitFor(() => expect(location().search).toBe('?tags=1'));
  });

  it('names a tag chip by its visible text alone and says its video count as the description (axe label-content-name-mismatch)', async () => {
    member();
    renderApp('/videos');
    const outdoor = within(await screen.findByTestId('tag-filter')).getByRole('button', { name: 'Outdoor' });
    expect(outdoor.hasAttribute('aria-label')).toBe(false);
    const description = document.getElementById(outdoor.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('4 videos');
  });

  it('says a card’s rating in words, without an aria-label on a plain span (axe aria-prohibited-attr)', async () => {
    member();
    renderApp('/videos');
    const card = (await screen.findAllByTestId('video-card'))[0]!;
    expect(within(card).getByText('Rating 4.2 out of 5')).toBeTruthy();
    expect(card.querySelector('span[aria-label]')).toBeNull();
  });

  it('search and order live in the URL', async () => {
    const user = userEvent.setup();
    member();
    const { location } = renderApp('/videos?page=2');
    const search = await screen.findByRole('searchbox', { name: 'Search videos' });
    await user.type(search, 'lake');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(location().search).toBe('?query=lake'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'top_rated');
    await waitFor(() => expect(location().search).toBe('?query=lake&order=top_rated'));
    await waitFor(() => expect(lastVideosParams()).toEqual({ page: 1, order: 'top_rated', tags: null, query: 'lake' }));
  });

  it('reads the state from the URL', async () => {
    member();
    renderApp('/videos?tags=3,1&order=longest&query=sea&page=2');
    await screen.findAllByTestId('video-card');
    expect(lastVideosParams()).toEqual({ page: 2, order: 'longest', tags: [1, 3], query: 'sea' });
    expect((screen.getByRole('searchbox', { name: 'Search videos' }) as HTMLInputElement).value).toBe('sea');
    expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).toBe('longest');
  });

  it('shows an empty state with a way out', async () => {
    const user = userEvent.setup();
    member((p) => ({ ...videoListFixture({ page: p.page }, [], 0), total: 0 }));
    const { location } = renderApp('/videos?query=nothing');
    expect(await screen.findByRole('heading', { name: 'No videos found' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reset all filters' }));
    await waitFor(() => expect(location().search).toBe(''));
  });

  it('past the last page says there is no such page, with no count, and links to the last and the first page', async () => {
    member((p) => ({ videos: [], params: { page: p.page, order: 'newest', tags: [], query: null }, total: 200, per_page: 24, pages: 9 }));
    renderApp('/videos?page=999');
    expect(await screen.findByRole('heading', { name: 'There is no page 999' })).toBeTruthy();
    expect(screen.getByText('This list has 9 pages.')).toBeTruthy();
    expect(screen.getByTestId('result-count').textContent).toBe('');
    expect(screen.queryByText(/200 videos/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'No videos found' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the last page (9)' }).getAttribute('href')).toBe('/videos?page=9');
    expect(screen.getByRole('link', { name: 'Go to the first page' }).getAttribute('href')).toBe('/videos');
  });

  it('shows an error state with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    member((p) => {
      if (fail) throw new MaxRetriesError('/videos', 503);
      return videoListFixture({ page: p.page });
    });
    renderApp('/videos');
    expect(await screen.findByRole('heading', { name: 'Videos could not be loaded' })).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('video-card')).toHaveLength(2);
  });

  it('names tags in the page language and translates the filters', async () => {
    setLanguage('de');
    member();
    renderApp('/videos');
    const group = await screen.findByTestId('tag-filter');
    expect(within(group).getByRole('button', { name: 'Draußen' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Sortieren nach' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Videos' })).toBeTruthy();
    const card = (await screen.findAllByTestId('video-card'))[0]!;
    expect(within(within(card).getByRole('list', { name: 'Tags' })).getByRole('listitem').textContent).toBe('Draußen');
  });
});

describe('/recent_updates', () => {
  it('lists the newest videos with paging', async () => {
    member((p) => videoListFixture({ page: p.page }, [videoFixture(9)], 2));
    renderApp('/recent_updates?page=2');
    expect(await screen.findAllByTestId('video-card')).toHaveLength(1);
    expect(lastVideosParams()).toEqual({ page: 2, order: 'newest', tags: null, query: null });
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });
});
