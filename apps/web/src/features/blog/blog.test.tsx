import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BlogArticle, BlogArticleSummary, BlogList } from '@velora/shared';
import { DEFAULT_COMPANY_VALUES } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { resetPopups } from '@/components/popups/popup-store';
import { ApiError, api } from '@/lib/http';
import { setAccessToken, setLanguage } from '@/lib/storage';
import type { ApiMock, FakeRoutes } from '@/test/render-app';
import { paths } from '@/paths';
import { fakeApi, renderApp, visitFixture } from '@/test/render-app';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const mockedApi = api as unknown as ApiMock;

const summary = (id: number, overrides: Partial<BlogArticleSummary> = {}): BlogArticleSummary => ({
  id,
  alias: `article-${id}`,
  language: 'en',
  title: `Article ${id}`,
  excerpt: `What article ${id} is about.`,
  author: 'The studio team',
  category: { slug: 'news', name: 'News' },
  published_at: 1_900_000_000,
  cover: null,
  cover_small: null,
  ...overrides,
});

const CATEGORIES = [
  { id: 1, slug: 'news', name: 'News' },
  { id: 2, slug: 'behind-the-scenes', name: 'Behind the scenes' },
];

function list(params: { lang?: string; title?: string | null; category?: string | null; page?: number }, articles = [summary(1), summary(2)]): BlogList {
  return {
    articles,
    categories: CATEGORIES,
    params: { lang: (params.lang ?? 'en') as BlogList['params']['lang'], title: params.title ?? null, category: params.category ?? null, page: params.page ?? 1 },
    total: articles.length,
    per_page: 6,
    pages: 1,
  };
}

function visitor(routes: FakeRoutes = {}, features: Record<string, { is_active: boolean; version: null; settings: Record<string, unknown> }> = {}) {
  fakeApi(mockedApi, {
    get: {
      '/track/visit': () => visitFixture({ features }),
      '/pages/meta': () => ({ title: '', description: '', keywords: '', robots: '', canonical: '' }),
      '/blog': (params) => list(params as Parameters<typeof list>[0]),
      ...routes.get,
    },
    post: { '/feature/get_company': () => ({ company: 'de', values: DEFAULT_COMPANY_VALUES.de }), ...routes.post },
  });
}

const blogCalls = () => mockedApi.get.mock.calls.filter(([p]) => p === '/blog').map(([, params]) => params as Record<string, unknown>);

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
  document.documentElement.lang = 'en-US';
});
afterEach(() => {
  setAccessToken(null);
});

describe('blog list', () => {
  it('lists articles and keeps the title search and the category filter in the URL', async () => {
    const user = userEvent.setup();
    visitor();
    const { location } = renderApp('/blog');
    expect(await screen.findByRole('heading', { level: 1, name: 'Blog' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Article 1' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Article 2' }).getAttribute('href')).toBe('/blog/article-2');
    expect(blogCalls()[0]).toEqual({ lang: 'en', title: null, category: null, page: 1 });

    await user.type(screen.getByRole('searchbox', { name: 'Search by title' }), 'studio');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(location().search).toBe('?title=studio'));
    await waitFor(() => expect(blogCalls().at(-1)).toEqual({ lang: 'en', title: 'studio', category: null, page: 1 }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'behind-the-scenes');
    await waitFor(() => expect(location().search).toBe('?title=studio&category=behind-the-scenes'));
    await waitFor(() => expect(blogCalls().at(-1)).toEqual({ lang: 'en', title: 'studio', category: 'behind-the-scenes', page: 1 }));

    await user.click(screen.getByRole('link', { name: 'Clear filters' }));
    await waitFor(() => expect(location().search).toBe(''));
  });

  it('reads the filters from the URL into the form', async () => {
    visitor();
    renderApp('/blog?title=tips&category=news&page=2');
    expect(((await screen.findByRole('searchbox', { name: 'Search by title' })) as HTMLInputElement).value).toBe('tips');
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Category' }) as HTMLSelectElement).value).toBe('news'));
    expect(blogCalls()[0]).toEqual({ lang: 'en', title: 'tips', category: 'news', page: 2 });
  });

  it('says so when nothing matches', async () => {
    visitor({ get: { '/blog': (params) => list(params as Parameters<typeof list>[0], []) } });
    renderApp('/blog?title=zzz');
    expect(await screen.findByRole('heading', { name: 'No articles found' })).toBeTruthy();
  });

  it('sends German readers to /lecker_blog, keeping the query, and asks in German', async () => {
    setLanguage('de');
    visitor();
    const { location } = renderApp('/blog?category=news');
    await screen.findByRole('heading', { level: 1, name: 'Blog' });
    await waitFor(() => expect(`${location().pathname}${location().search}`).toBe('/lecker_blog?category=news'));
    expect(blogCalls().at(-1)).toEqual({ lang: 'de', title: null, category: 'news', page: 1 });
    expect((await screen.findByRole('link', { name: 'Article 1' })).getAttribute('href')).toBe('/lecker_blog/article-1');
  });

  it('sends English readers from /lecker_blog to /blog', async () => {
    visitor({ get: { '/blog/article-1': () => ({ ...summary(1), body_html: '<p>Body</p>', translations: [] }) } });
    const { location } = renderApp('/lecker_blog/article-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Article 1' })).toBeTruthy();
    expect(location().pathname).toBe('/blog/article-1');
  });

  it('redirects blog paths to / while age verification is on', async () => {
    visitor({}, { age_verification: { is_active: true, version: null, settings: {} } });
    const { location } = renderApp('/blog/article-1');
    await screen.findByRole('heading', { level: 1, name: 'Stories worth staying in for.' });
    expect(location().pathname).toBe('/');
    expect(blogCalls()).toHaveLength(0);
  });
});

describe('blog article', () => {
  const article = (overrides: Partial<BlogArticle> = {}): BlogArticle => ({
    ...summary(1),
    body_html: '<h2>Inside the studio</h2><p>Text <a href="/about_us">about us</a></p><img src="x" onerror="steal()"><script>steal()</script>',
    translations: [{ language: 'de', alias: 'artikel-1' }],
    ...overrides,
  });

  it('shows the article with its HTML sanitised once more', async () => {
    visitor({ get: { '/blog/article-1': () => article() } });
    renderApp('/blog/article-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Article 1' })).toBeTruthy();
    const body = screen.getByTestId('blog-article-body');
    expect(within(body).getByRole('heading', { level: 2, name: 'Inside the studio' })).toBeTruthy();
    expect(body.innerHTML).not.toContain('script');
    expect(body.innerHTML).not.toContain('onerror');
    expect(screen.getByRole('link', { name: 'Deutsch' }).getAttribute('href')).toBe('/blog/artikel-1');
    expect(screen.getByRole('link', { name: /Back to the blog/ }).getAttribute('href')).toBe('/blog');
  });

  it('navigates inside the app from links in the article', async () => {
    const user = userEvent.setup();
    visitor({ get: { '/blog/article-1': () => article() } });
    const { location } = renderApp('/blog/article-1');
    await user.click(await screen.findByRole('link', { name: 'about us' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'About us' })).toBeTruthy();
    expect(location().pathname).toBe('/about_us');
  });

  it('opens an alias of another language without the language filter', async () => {
    visitor({
      get: {
        '/blog/artikel-1': (params) => {
          if (params) throw new ApiError({ status: 404, statusText: 'Not Found', body: { error: { code: 'NOT_FOUND', message: 'x' } }, path: '/blog/artikel-1' });
          return article({ alias: 'artikel-1', language: 'de', title: 'Artikel 1', translations: [{ language: 'en', alias: 'article-1' }] });
        },
      },
    });
    renderApp('/blog/artikel-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Artikel 1' })).toBeTruthy();
  });

  it('shows "Article not found" for an unknown alias', async () => {
    visitor({
      get: {
        '/blog/nope': () => {
          throw new ApiError({ status: 404, statusText: 'Not Found', body: { error: { code: 'NOT_FOUND', message: 'x' } }, path: '/blog/nope' });
        },
      },
    });
    renderApp('/blog/nope');
    expect(await screen.findByRole('heading', { name: 'Article not found' })).toBeTruthy();
  });
});

describe('blogPath', () => {
  it.each([
    ['en', undefined, '/blog'],
    ['fr', undefined, '/blog'],
    ['de', undefined, '/lecker_blog'],
    ['en', 'a-b', '/blog/a-b'],
    ['de', 'a-b', '/lecker_blog/a-b'],
  ] as const)('%s, %s → %s', (language, alias, expected) => {
    expect(paths.blog(language, alias)).toBe(expected);
  });
});
