import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { ApiError, api } from '@/lib/http';
import { SHOWS_FAVOURITES } from '@/lib/favourites';
import { en } from '@/locales';
import { FavouriteButton } from './favourite-button';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const post = vi.mocked(api.post);
const del = vi.mocked(api.delete);

function deferred() {
  let resolve!: (value: unknown) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const serverError = () => new ApiError({ status: 409, statusText: 'Conflict', body: { error: { code: 'CONFLICT', message: 'no' } }, path: '/favourites/model/4' });

function setup(ui: React.ReactNode, queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, initAsync: false, interpolation: { escapeValue: false } });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>{ui}</I18nextProvider>
    </QueryClientProvider>,
  );
  return queryClient;
}

beforeEach(() => vi.clearAllMocks());

describe('FavouriteButton', () => {
  it('is a named toggle button', () => {
    setup(<FavouriteButton kind="model" id={4} initial={false} />);
    const button = screen.getByTestId('favourite-button');
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Add to favourites' })).toBe(button);
  });

  it('flips at once, before the server answers, and stays on success', async () => {
    const user = userEvent.setup();
    const answer = deferred();
    post.mockReturnValue(answer.promise as Promise<null>);
    setup(<FavouriteButton kind="model" id={4} initial={false} />);
    await user.click(screen.getByRole('button', { name: 'Add to favourites' }));

    const button = screen.getByTestId('favourite-button');
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(button.getAttribute('aria-label')).toBe('Remove from favourites');
    expect(post).toHaveBeenCalledWith('/favourites/model/4', undefined, { keepalive: true });

    await act(async () => answer.resolve({}));
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBeNull());
    expect(button.getAttribute('aria-pressed')).toBe('true');
  });

  it('rolls back and says so when the server refuses', async () => {
    const user = userEvent.setup();
    const answer = deferred();
    del.mockReturnValue(answer.promise as Promise<null>);
    setup(<FavouriteButton kind="shoot" id={9} initial />);
    const button = screen.getByRole('button', { name: 'Remove from favourites' });
    await user.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(del).toHaveBeenCalledWith('/favourites/shoot/9', undefined, { keepalive: true });

    await act(async () => answer.reject(serverError()));
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    expect(button.getAttribute('aria-label')).toBe('Remove from favourites');
    expect(screen.getByRole('status').textContent).toBe('Your favourites could not be updated. Please try again.');
  });

  it('ignores a second click while the first change is on its way', async () => {
    const user = userEvent.setup();
    post.mockReturnValue(new Promise(() => {}));
    setup(<FavouriteButton kind="video" id={2} initial={false} />);
    const button = screen.getByTestId('favourite-button');
    await user.click(button);
    await user.click(button);
    expect(post).toHaveBeenCalledTimes(1);
    expect(del).not.toHaveBeenCalled();
    expect(button.getAttribute('aria-pressed')).toBe('true');
  });

  it('refetches the favourites lists and every query showing the flags, and nothing else', async () => {
    const user = userEvent.setup();
    post.mockResolvedValue({});
    const fetches = { favourites: 0, models: 0, tags: 0 };
    function Queries() {
      useQuery({ queryKey: ['favourites', 'model', 1], queryFn: () => ++fetches.favourites });
      useQuery({ queryKey: ['catalog', 'models'], queryFn: () => ++fetches.models, meta: SHOWS_FAVOURITES });
      useQuery({ queryKey: ['videos', 'tags'], queryFn: () => ++fetches.tags });
      return null;
    }
    setup(
      <>
        <Queries />
        <FavouriteButton kind="model" id={4} initial={false} />
      </>,
    );
    await waitFor(() => expect(fetches).toEqual({ favourites: 1, models: 1, tags: 1 }));
    await user.click(screen.getByTestId('favourite-button'));
    await waitFor(() => expect(fetches).toEqual({ favourites: 2, models: 2, tags: 1 }));
  });
});
