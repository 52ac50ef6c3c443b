import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { resetPopups } from '@/components/popups/popup-store';
import { MaxRetriesError } from '@/lib/http';
import { setAccessToken } from '@/lib/storage';
import { chapterImagesFixture, favouriteListFixture, modelDetailFixture, modelFixture, modelListFixture, shootDetailFixture, shootListFixture } from '@/test/catalog-fixtures';
import { renderApp, videoFixture, videoListFixture } from '@/test/render-app';
import { mockedApi, notFound, member, lastParams } from '@/test/catalog-member';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

// The embedded player needs media APIs jsdom lacks; its own tests cover it.
vi.mock('@/entities/video-player', () => ({
  VideoPlayer: ({ src, title }: { src: string; title: string }) => <div data-testid="video-player" data-src={src} aria-label={title} />,
}));

// Browsing the catalog: models, favourites, galleries, shoots, releases and model profiles.

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
});
afterEach(() => setAccessToken(null));

describe('/models', () => {
  it('shows model cards: portrait (lazy), name, counts and a favourite toggle', async () => {
    member({ get: { '/models': () => modelListFixture({}, [modelFixture(1, { is_favourite: true }), modelFixture(2)]) } });
    renderApp('/models');
    const cards = await screen.findAllByTestId('model-card');
    expect(cards).toHaveLength(2);
    const first = cards[0]!;
    expect(within(first).getByRole('heading', { name: 'Model 1' })).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Model 1' }).getAttribute('href')).toBe('/profile/1');
    expect(first.querySelector('img')?.getAttribute('loading')).toBe('lazy');
    expect(within(first).getByText('3 videos · 2 shoots')).toBeTruthy();
    expect(within(first).getByTestId('favourite-button').getAttribute('aria-pressed')).toBe('true');
    expect(within(cards[1]!).getByRole('button', { name: 'Add to favourites' })).toBeTruthy();
    expect(screen.getByTestId('result-count').textContent).toBe('6 models');
  });

  it('reads page and order from the URL and asks the server for them', async () => {
    member({ get: { '/models': (p) => modelListFixture(p as { page: number; order: 'name' }) } });
    renderApp('/models?page=2&order=name');
    await screen.findAllByTestId('model-card');
    expect(lastParams('/models')).toEqual({ page: 2, order: 'name' });
    expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).toBe('name');
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });

  it('writes a new order to the URL (back to page 1) and pages keep the order', async () => {
    const user = userEvent.setup();
    member({ get: { '/models': (p) => modelListFixture(p as { page: number; order: 'newest' }) } });
    const { location } = renderApp('/models?page=3');
    await screen.findAllByTestId('model-card');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'most_videos');
    await waitFor(() => expect(location().search).toBe('?order=most_videos'));
    await waitFor(() => expect(lastParams('/models')).toEqual({ page: 1, order: 'most_videos' }));

    await user.click(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('link', { name: 'Page 2' }));
    await waitFor(() => expect(location().search).toBe('?order=most_videos&page=2'));
    await waitFor(() => expect(lastParams('/models')).toEqual({ page: 2, order: 'most_videos' }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'newest');
    await waitFor(() => expect(location().search).toBe(''));
  });

  it('falls back to the default order for an unknown one and clamps the page', async () => {
    member({ get: { '/models': (p) => modelListFixture(p as { page: number; order: 'newest' }) } });
    const { location } = renderApp('/models?order=random&page=0');
    await screen.findAllByTestId('model-card');
    expect(location().search).toBe('?order=random&page=1');
    expect(lastParams('/models')).toEqual({ page: 1, order: 'newest' });
  });

  it('shows an empty state, and an error state with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    member({
      get: {
        '/models': () => {
          if (fail) throw new MaxRetriesError('/models', 503);
          return modelListFixture({}, [], 0);
        },
      },
    });
    renderApp('/models');
    expect(await screen.findByRole('heading', { name: 'Models could not be loaded' })).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No models yet' })).toBeTruthy();
  });
});

describe('favourites', () => {
  it('a model favourited on /models is on /favourite-models, and removing it there empties the list', async () => {
    const user = userEvent.setup();
    const favourites = new Set<number>();
    member({
      get: {
        '/models': () => modelListFixture({}, [modelFixture(1, { is_favourite: favourites.has(1) }), modelFixture(2, { is_favourite: favourites.has(2) })]),
        '/favourites/model': () =>
          favouriteListFixture(
            'model',
            [...favourites].map((id) => ({ kind: 'model' as const, created_at: 1_700_000_000, model: modelFixture(id, { is_favourite: true }) })),
          ),
      },
      post: {
        '/favourites/model/2': () => {
          favourites.add(2);
          return {};
        },
      },
      del: {
        '/favourites/model/2': () => {
          favourites.delete(2);
          return {};
        },
      },
    });
    const { app } = renderApp('/models');
    const card = (await screen.findAllByTestId('model-card'))[1]!;
    await user.click(within(card).getByTestId('favourite-button'));
    expect(within(card).getByTestId('favourite-button').getAttribute('aria-pressed')).toBe('true');
    expect(mockedApi.post).toHaveBeenCalledWith('/favourites/model/2', undefined, { keepalive: true });

    await act(() => app.router.navigate('/favourite-models'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Favourite models' })).toBeTruthy();
    const saved = await screen.findAllByTestId('model-card');
    expect(saved).toHaveLength(1);
    expect(within(saved[0]!).getByRole('heading', { name: 'Model 2' })).toBeTruthy();

    await user.click(within(saved[0]!).getByRole('button', { name: 'Remove from favourites' }));
    expect(mockedApi.delete).toHaveBeenCalledWith('/favourites/model/2', undefined, { keepalive: true });
    expect(await screen.findByRole('heading', { name: 'No favourite models yet' })).toBeTruthy();
    // The focused card is gone: focus lands on the announced count instead of the page body.
    expect(document.activeElement).toBe(screen.getByTestId('result-count'));
    expect(screen.getByRole('link', { name: 'Browse models' }).getAttribute('href')).toBe('/models');
  });

  it('a video favourited from its card on /videos is on /favourite-videos, its heart named with the title', async () => {
    const user = userEvent.setup();
    const favourites = new Set<number>();
    const video = (id: number) => videoFixture(id, { is_favourite: favourites.has(id) });
    member({
      get: {
        '/videos': () => videoListFixture({}, [video(1), video(2)]),
        '/videos/tags': () => [],
        '/favourites/video': () =>
          favouriteListFixture('video', [...favourites].map((id) => ({ kind: 'video' as const, created_at: 1_700_000_000, video: video(id) }))),
      },
      post: {
        '/favourites/video/2': () => {
          favourites.add(2);
          return {};
        },
      },
    });
    const { app } = renderApp('/videos');
    const card = (await screen.findAllByTestId('video-card'))[1]!;
    const heart = within(card).getByRole('button', { name: 'Add to favourites: Demo film 2' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    await user.click(heart);
    expect(mockedApi.post).toHaveBeenCalledWith('/favourites/video/2', undefined, { keepalive: true });
    // The list is refetched once the server agreed: the heart stays filled with fresh data too.
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Remove from favourites: Demo film 2' }).getAttribute('aria-pressed')).toBe('true'));

    await act(() => app.router.navigate('/favourite-videos'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Favourite videos' })).toBeTruthy();
    const saved = await screen.findAllByTestId('video-card');
    expect(saved).toHaveLength(1);
    expect(within(saved[0]!).getByRole('heading', { name: 'Demo film 2' })).toBeTruthy();
  });

  it('lists favourite videos, shoots and images with paging and links between the five pages', async () => {
    member({
      get: {
        '/favourites/video': (p) => ({
          ...favouriteListFixture('video', [{ kind: 'video', created_at: 1, video: videoFixture(31) }], (p as { page: number }).page, 2),
          total: 30,
        }),
      },
    });
    renderApp('/favourite-videos?page=2');
    const card = await screen.findByTestId('video-card');
    expect(lastParams('/favourites/video')).toEqual({ page: 2 });
    expect(within(card).getByRole('button', { name: 'Remove from favourites: Demo film 31' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    const nav = screen.getByRole('navigation', { name: 'Favourites' });
    expect(within(nav).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/favourite-models',
      '/favourite-shoots',
      '/favourite-videos',
      '/favourite-images',
      '/favourite-cams',
    ]);
    expect(within(nav).getByRole('link', { name: 'Videos' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows an empty favourite cams page that links to browsing', async () => {
    member({ get: { '/favourites/camera': () => favouriteListFixture('camera', []) } });
    renderApp('/favourite-cams');
    expect(await screen.findByRole('heading', { name: 'No favourite cams yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse live cams' }).getAttribute('href')).toBe('/cameras');
  });
});

describe('gallery viewer', () => {
  const gallery = (unlocked: boolean) =>
    member({
      get: {
        '/shoots/4/chapters/5': () => chapterImagesFixture(4, 5),
        '/shoots/4': () => shootDetailFixture(4, { unlocked }),
      },
    });

  it('opens an image full size and moves with the arrow keys, announcing the position', async () => {
    const user = userEvent.setup();
    gallery(true);
    renderApp('/shoot/4/images/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Chapter 5' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Open Image 1 of 3' }));

    const dialog = await screen.findByRole('dialog', { name: 'Chapter 5' });
    const position = within(dialog).getByTestId('lightbox-position');
    expect(position.getAttribute('aria-live')).toBe('polite');
    expect(position.textContent).toBe('Image 1 of 3');
    expect(within(dialog).getByTestId('lightbox-image').getAttribute('src')).toBe('/media/images/101-1280.jpg');

    await user.keyboard('{ArrowRight}');
    expect(position.textContent).toBe('Image 2 of 3');
    expect(within(dialog).getByTestId('lightbox-image').getAttribute('src')).toBe('/media/images/102-1280.jpg');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(position.textContent).toBe('Image 3 of 3');
    await user.keyboard('{ArrowRight}');
    expect(position.textContent).toBe('Image 1 of 3');
    await user.click(within(dialog).getByRole('button', { name: 'Next image' }));
    expect(position.textContent).toBe('Image 2 of 3');
    await user.keyboard('{End}');
    expect(position.textContent).toBe('Image 3 of 3');

    // Focus stays inside the dialog.
    for (let i = 0; i < 6; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Focus returns to the thumbnail of the image last shown.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open Image 3 of 3' }));
  });

  it('switches chapters and links back to the shoot', async () => {
    gallery(true);
    renderApp('/shoot/4/images/5');
    const switcher = await screen.findByRole('navigation', { name: 'Galleries of this shoot' });
    expect(within(switcher).getByRole('link', { name: /Chapter 5/ }).getAttribute('aria-current')).toBe('page');
    expect(within(switcher).getByRole('link', { name: /Chapter 6/ }).getAttribute('href')).toBe('/shoot/4/images/6');
    expect(screen.getByRole('link', { name: 'Shoot 4' }).getAttribute('href')).toBe('/shoot/4');
  });

  it('shows thumbnails only, with a note, to members who may not see full size', async () => {
    gallery(false);
    renderApp('/shoot/4/images/5');
    expect(await screen.findByTestId('premium-note')).toBeTruthy();
    expect(screen.getByText('Premium members see full size.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Open Image/ })).toBeNull();
    expect(screen.getByRole('img', { name: 'Image 2 of 3' })).toBeTruthy();
  });

  it('says when the gallery does not exist', async () => {
    member({ get: { '/shoots/4/chapters/99': () => { throw notFound('/shoots/4/chapters/99'); }, '/shoots/4': () => shootDetailFixture(4) } });
    renderApp('/shoot/4/images/99');
    expect(await screen.findByRole('heading', { name: 'Gallery not found' })).toBeTruthy();
  });
});

describe('/shoot/{id}', () => {
  it('selects the video of #video-{id}, then starts it with #play-{id}', async () => {
    member({ get: { '/shoots/4': () => shootDetailFixture(4) } });
    const { location } = renderApp('/shoot/4?ref=mail#video-22');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shoot 4' })).toBeTruthy();
    await waitFor(() => expect(location().hash).toBe('#play-22'));
    expect(location().search).toBe('?ref=mail');
    const selected = screen.getAllByTestId('video-card').find((card) => card.getAttribute('aria-current') === 'true');
    expect(selected && within(selected).getByRole('heading').textContent).toBe('Demo film 22');
    expect(document.getElementById('video-22')?.contains(selected!)).toBe(true);
  });

  it('shows the model link, the favourite toggle, play links and the chapters', async () => {
    member({ get: { '/shoots/4': () => shootDetailFixture(4, { is_favourite: true }) } });
    renderApp('/shoot/4?x=1');
    await screen.findByRole('heading', { level: 1, name: 'Shoot 4' });
    expect(screen.getByRole('link', { name: 'Model 1' }).getAttribute('href')).toBe('/profile/1');
    expect(screen.getAllByTestId('favourite-button')[0]!.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('link', { name: 'Play Demo film 21' }).getAttribute('href')).toBe('/shoot/4?x=1#play-21');
    expect(screen.getByRole('link', { name: /Chapter 6/ }).getAttribute('href')).toBe('/shoot/4/images/6');
  });

  it('says when the shoot does not exist', async () => {
    member({ get: { '/shoots/77': () => { throw notFound('/shoots/77'); } } });
    renderApp('/shoot/77');
    expect(await screen.findByRole('heading', { name: 'Shoot not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse all shoots' }).getAttribute('href')).toBe('/shoots');
  });
});

describe('/update/{id}', () => {
  it('shows the release like its shoot, and says when it does not exist', async () => {
    member({
      get: {
        '/updates/4': () => shootDetailFixture(4),
        '/updates/5': () => {
          throw notFound('/updates/5');
        },
      },
    });
    const { app } = renderApp('/update/4');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shoot 4' })).toBeTruthy();
    expect(screen.getAllByTestId('video-card')).toHaveLength(3);
    await act(() => app.router.navigate('/update/5'));
    expect(await screen.findByRole('heading', { name: 'Update not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the feed' }).getAttribute('href')).toBe('/feeds');
  });
});

describe('/profile/{id}', () => {
  it('shows the model with tabs for shoots, videos and cameras, usable by keyboard', async () => {
    const user = userEvent.setup();
    member({
      get: {
        '/models/1': () => modelDetailFixture(1),
        '/models/1/shoots': () => shootListFixture(),
        '/models/1/videos': () => videoListFixture({}, [videoFixture(8)], 1),
      },
    });
    const { location } = renderApp('/profile/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Model 1' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Portrait of Model 1' })).toBeTruthy();
    expect(await screen.findAllByTestId('shoot-card')).toHaveLength(2);

    const shootsTab = screen.getByRole('tab', { name: 'Shoots (2)' });
    expect(shootsTab.getAttribute('aria-selected')).toBe('true');
    shootsTab.focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(location().search).toBe('?tab=videos'));
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Videos (3)' }));
    expect(await screen.findAllByTestId('video-card')).toHaveLength(1);

    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(location().search).toBe('?tab=cameras'));
    expect(within(screen.getByRole('tabpanel')).getByRole('heading', { name: 'No live cameras yet' })).toBeTruthy();

    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(location().search).toBe(''));
  });
});

