import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { resetPopups } from '@/components/popups/popup-store';
import { MaxRetriesError } from '@/lib/http';
import { setAccessToken, setLanguage } from '@/lib/storage';
import { feedFixture, homeFixture, modelFixture, modelListFixture, shootFixture } from '@/test/catalog-fixtures';
import { fakeApi, profileFixture, renderApp, videoFixture, visitFixture } from '@/test/render-app';
import { mockedApi, notFound, member, callsTo, lastParams } from '@/test/catalog-member';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

// The embedded player needs media APIs jsdom lacks; its own tests cover it.
vi.mock('@/entities/video-player', () => ({
  VideoPlayer: ({ src, title }: { src: string; title: string }) => <div data-testid="video-player" data-src={src} aria-label={title} />,
}));

// The home sections, the free and test videos, and the catalog's header links.

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
});
afterEach(() => setAccessToken(null));

describe('home sections', () => {
  const home = homeFixture([
    { name: 'top_rated', kind: 'video', videos: [videoFixture(1), videoFixture(2)] },
    { name: 'trending', kind: 'video', videos: [] },
    { name: 'continue', kind: 'video', videos: [videoFixture(3, { duration: 200 })], progress: { '3': 50 } },
    { name: 'newcomers', kind: 'model', models: [modelFixture(9)] },
    { name: 'for_you', kind: 'video' },
    { name: 'fav_galleries', kind: 'shoot', shoots: [shootFixture(5)] },
    { name: 'fav_models', kind: 'model', models: [] },
  ]);

  it('renders each non-empty section as a keyboard-scrollable row on the landing page', async () => {
    member({ get: { '/home': () => home } });
    renderApp('/recent_updates');
    const sections = await screen.findByTestId('home-sections');
    const headings = within(sections).getAllByRole('heading', { level: 2 }).filter((h) => h.classList.contains('home-row__title'));
    expect(headings.map((h) => h.textContent)).toEqual(['Top rated', 'Continue watching', 'Newcomers', 'Your favourite shoots']);
    expect(screen.queryByTestId('home-section-trending')).toBeNull();
    expect(screen.queryByTestId('home-section-for_you')).toBeNull();
    expect(screen.queryByTestId('home-section-fav_models')).toBeNull();

    const row = within(screen.getByTestId('home-section-top_rated')).getByRole('list', { name: 'Top rated' });
    expect(row.getAttribute('tabindex')).toBe('0');
    expect(within(row).getAllByTestId('video-card')).toHaveLength(2);
    expect(within(screen.getByTestId('home-section-newcomers')).getByTestId('model-card')).toBeTruthy();
    expect(within(screen.getByTestId('home-section-fav_galleries')).getByTestId('shoot-card')).toBeTruthy();

    const progress = within(screen.getByTestId('home-section-continue')).getByRole('progressbar');
    expect(progress.getAttribute('aria-valuenow')).toBe('25');
    expect(progress.getAttribute('aria-valuetext')).toBe('25% watched');
    // The recent updates list stays below.
    expect(screen.getByRole('heading', { level: 1, name: 'Recent updates' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'All recent updates' })).toBeTruthy();
  });

  it('renders nothing when every section is empty', async () => {
    member({ get: { '/home': () => homeFixture([{ name: 'top_rated', kind: 'video', videos: [] }]) } });
    renderApp('/recent_updates');
    await screen.findAllByTestId('video-card');
    await waitFor(() => expect(callsTo('/home').length).toBeGreaterThan(0));
    expect(screen.queryByTestId('home-sections')).toBeNull();
    expect(screen.queryByTestId('home-loading')).toBeNull();
  });

  it('translates the section names', async () => {
    setLanguage('de');
    member({ get: { '/home': () => home } });
    renderApp('/recent_updates');
    expect(await screen.findByRole('heading', { name: 'Am besten bewertet' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Weiterschauen' })).toBeTruthy();
  });

  it('moves to /feeds when that is the landing page', async () => {
    const features = { landing_redirect: { is_active: true, version: null, settings: {} } };
    member({ get: { '/home': () => home, '/feeds': () => feedFixture([shootFixture(7)], false) } }, profileFixture({ features }));
    const { app } = renderApp('/feeds');
    expect(await screen.findByTestId('home-sections')).toBeTruthy();
    const cards = await screen.findAllByTestId('shoot-card');
    // Feed items lead to their update.
    expect(within(cards.at(-1)!).getByRole('link', { name: 'Shoot 7' }).getAttribute('href')).toBe('/update/7');
    expect(screen.getByRole('link', { name: 'Find models' })).toBeTruthy();

    await act(() => app.router.navigate('/recent_updates'));
    await screen.findByRole('heading', { level: 1, name: 'Recent updates' });
    expect(screen.queryByTestId('home-sections')).toBeNull();
  });
});

describe('/free-video', () => {
  it('sends an invalid token to /recent_updates', async () => {
    member({ get: { '/videos/free': () => { throw notFound('/videos/free'); } } });
    const { location } = renderApp('/free-video?token=nope');
    await waitFor(() => expect(location().pathname).toBe('/recent_updates'));
    expect(lastParams('/videos/free')).toEqual({ token: 'nope' });
  });

  it('sends a missing token to /recent_updates without asking', async () => {
    member();
    const { location } = renderApp('/free-video');
    await waitFor(() => expect(location().pathname).toBe('/recent_updates'));
    expect(callsTo('/videos/free')).toHaveLength(0);
  });

  it('plays a valid one in the embedded player, for visitors too', async () => {
    fakeApi(mockedApi, {
      get: {
        '/track/visit': () => visitFixture(),
        '/videos/free': () => ({ ...videoFixture(5), playable: true, hls_url: '/media/hls/5/master.m3u8?sig=x', renditions: [360, 720], is_favourite: false, shoot_id: null }),
      },
    });
    renderApp('/free-video?token=good');
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo film 5' })).toBeTruthy();
    expect(screen.getByTestId('video-player').getAttribute('data-src')).toBe('/media/hls/5/master.m3u8?sig=x');
  });

  it('offers a retry when the server fails', async () => {
    member({ get: { '/videos/free': () => { throw new MaxRetriesError('/videos/free', 503); } } });
    const { location } = renderApp('/free-video?token=x');
    expect(await screen.findByRole('heading', { name: 'The video could not be loaded' })).toBeTruthy();
    expect(location().pathname).toBe('/free-video');
  });
});

describe('/test_videos', () => {
  it('lists the test clips with their renditions, for visitors', async () => {
    fakeApi(mockedApi, {
      get: {
        '/track/visit': () => visitFixture(),
        '/videos/test': () => [{ id: 1, title: 'Test clip', hls_url: '/media/hls/1/master.m3u8', renditions: [720, 360, 1080] }],
      },
    });
    renderApp('/test_videos');
    const clip = await screen.findByTestId('test-video');
    expect(within(clip).getByRole('heading', { name: 'Test clip' })).toBeTruthy();
    expect(within(within(clip).getByRole('list', { name: 'Renditions of Test clip' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['360p', '720p', '1080p']);
    expect(within(clip).getByTestId('video-player')).toBeTruthy();
  });
});

describe('header', () => {
  it('links members to models, shoots and a favourites menu', async () => {
    const user = userEvent.setup();
    member({ get: { '/models': () => modelListFixture() } });
    renderApp('/models');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Models' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Shoots' }).getAttribute('href')).toBe('/shoots');
    expect(within(nav).getByRole('link', { name: 'Live cams' }).getAttribute('href')).toBe('/cameras');
    expect(within(nav).getByRole('link', { name: 'Playdates' }).getAttribute('href')).toBe('/playdates');
    const menu = within(nav).getByRole('button', { name: 'Favourites' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    await user.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(within(nav).getByRole('link', { name: 'Cams' }).getAttribute('href')).toBe('/favourite-cams');
    await user.keyboard('{Escape}');
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menu);
  });
});
