import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BoBlogArticle, BoBlogCategory, Profile } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPopups } from '@/components/popups/popup-store';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import { setAccessToken } from '@/lib/storage';
import { serverError } from '@/test/fake-api';
import type { ApiMock, FakeRoutes } from '@/test/render-app';
import { fakeSite, profileFixture, renderApp } from '@/test/render-app';
import { aliasFromTitle } from './components/article-form';
import { unixFromLocalInput } from './components/publish-controls';

// The writer's screens (decision record 073): the list, the editor with its live preview, publishing and scheduling,
// the stale-copy refusal, and the categories.

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
const mockedApi = api as unknown as ApiMock;
const calls = (method: 'get' | 'post' | 'put', path: string) => mockedApi[method].mock.calls.filter(([p]) => p === path);

const writer = () => profileFixture({ second_factor: 'verified' });
function signedIn(profile: Profile, routes: FakeRoutes = {}) {
  setAccessToken('token');
  fakeSite(mockedApi, { ...routes, get: { '/user/profile': () => profile, '/roles': () => [{ token: 'writer' }], ...routes.get }, put: routes.put, post: routes.post });
}

const category = (id: number, en: string, de: string, fr: string, articles = 0): BoBlogCategory => ({ id, slug: en.toLowerCase(), names: { en, de, fr }, articles });
const CATEGORIES = [category(1, 'News', 'Neuigkeiten', 'Actualités', 2), category(2, 'Photography', 'Fotografie', 'Photographie')];

const article = (overrides: Partial<BoBlogArticle> = {}): BoBlogArticle => ({
  id: 5,
  alias: 'ein-tag-am-set',
  language: 'de',
  title: 'Ein Tag am Set',
  category: { id: 1, name: 'Neuigkeiten' },
  status: 'draft',
  publish_at: null,
  updated_at: 1_900_000_000,
  author: 'writer',
  excerpt: 'Kurz',
  body_markdown: '## Hallo',
  body_html: '<h2>Hallo</h2>',
  cover_image: null,
  cover: null,
  version: 1,
  ...overrides,
});

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
});
afterEach(() => setAccessToken(null));

describe('the back office of a writer', () => {
  it('shows a writer the blog section only', async () => {
    signedIn(writer());
    renderApp('/backoffice');
    const sections = await screen.findByTestId('backoffice-sections');
    expect(within(sections).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Blog']);
  });
});

// Each test types and clicks through several screens: more than the default 5 s on a busy machine.
describe('/backoffice/blog', { timeout: 20_000 }, () => {
  it('lists articles with their status and sends the language, status and search filters', async () => {
    const user = userEvent.setup();
    const list = [
      article({ id: 1, title: 'Later', status: 'scheduled', publish_at: 1_900_003_600 }),
      article({ id: 2, title: 'Live', language: 'en', alias: 'live', status: 'published', publish_at: 1_899_990_000, category: { id: 1, name: 'News' } }),
    ];
    signedIn(writer(), {
      get: {
        '/backoffice/blog/articles': (query) => {
          const q = query as Record<string, string | undefined>;
          const articles = list.filter((a) => (!q.lang || a.language === q.lang) && (!q.status || a.status === q.status));
          return { articles, total: articles.length, page: 1, pages: 1, per_page: 20 };
        },
        '/backoffice/blog/categories': () => ({ categories: CATEGORIES }),
      },
    });
    renderApp('/backoffice/blog');
    const rows = await screen.findAllByTestId('bo-blog-article');
    expect(rows.map((row) => within(row).getByTestId('bo-blog-status').textContent)).toEqual(['Scheduled', 'Published']);
    expect(within(rows[0]!).getByRole('link', { name: 'Later' }).getAttribute('href')).toBe('/backoffice/blog/1');
    expect(rows[0]!.textContent).toContain('Scheduled for');

    const search = screen.getByRole('search');
    await user.selectOptions(within(search).getByLabelText('Language'), 'en');
    await user.selectOptions(within(search).getByLabelText('Status'), 'published');
    await user.type(within(search).getByLabelText('Title or alias'), 'live');
    await user.click(within(search).getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(screen.getAllByTestId('bo-blog-article')).toHaveLength(1));
    expect(calls('get', '/backoffice/blog/articles').at(-1)?.[1]).toEqual({ page: undefined, lang: 'en', status: 'published', q: 'live' });
  });

  it('adds a category named in three languages and renames one', async () => {
    const user = userEvent.setup();
    const categories = [...CATEGORIES];
    signedIn(writer(), {
      get: {
        '/backoffice/blog/articles': () => ({ articles: [], total: 0, page: 1, pages: 0, per_page: 20 }),
        '/backoffice/blog/categories': () => ({ categories }),
      },
      post: {
        '/backoffice/blog/categories': (body) => {
          const b = body as { slug: string; name_en: string; name_de: string; name_fr: string };
          if (b.slug === 'news') throw serverError(409, 'taken', { code: 'SLUG_TAKEN', fields: { slug: 'taken' } });
          const created = { id: 3, slug: b.slug, names: { en: b.name_en, de: b.name_de, fr: b.name_fr }, articles: 0 };
          categories.push(created);
          return created;
        },
      },
      put: {
        '/backoffice/blog/categories/2': (body) => {
          const b = body as { name_en: string; name_de: string; name_fr: string };
          categories[1] = { ...categories[1]!, names: { en: b.name_en, de: b.name_de, fr: b.name_fr } };
          return categories[1];
        },
      },
    });
    renderApp('/backoffice/blog');
    expect(await screen.findByText('No articles match these filters.')).toBeTruthy();
    const form = await screen.findByTestId('bo-blog-category-add');
    await user.type(within(form).getByLabelText('Slug (in links, e.g. interviews)'), 'news');
    await user.type(within(form).getByLabelText('Name in English'), 'Interviews');
    await user.type(within(form).getByLabelText('Name in German'), 'Gespräche');
    await user.type(within(form).getByLabelText('Name in French'), 'Entretiens');
    await user.click(within(form).getByRole('button', { name: 'Add category' }));
    expect(await within(form).findByText('Another category has this slug.')).toBeTruthy();
    await user.clear(within(form).getByLabelText('Slug (in links, e.g. interviews)'));
    await user.type(within(form).getByLabelText('Slug (in links, e.g. interviews)'), 'interviews');
    await user.click(within(form).getByRole('button', { name: 'Add category' }));
    expect(await screen.findByText('The category “Interviews” was added.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('bo-blog-category')).toHaveLength(3));

    await user.click(screen.getByRole('button', { name: 'Rename “Photography”' }));
    const dialog = await screen.findByTestId('bo-blog-category-rename');
    await user.clear(within(dialog).getByLabelText('Name in German'));
    await user.type(within(dialog).getByLabelText('Name in German'), 'Bildsprache');
    await user.click(within(dialog).getByRole('button', { name: 'Save names' }));
    expect(await screen.findByText('The category was renamed.')).toBeTruthy();
    expect(calls('put', '/backoffice/blog/categories/2')[0]?.[1]).toEqual({ name_en: 'Photography', name_de: 'Bildsprache', name_fr: 'Photographie' });
  });
});

describe('the editor', { timeout: 20_000 }, () => {
  it('fills the alias from the title, previews the Markdown live without its script, and saves a draft', async () => {
    const user = userEvent.setup();
    signedIn(writer(), {
      get: {
        '/backoffice/blog/categories': () => ({ categories: CATEGORIES }),
        '/backoffice/blog/articles/9': () => article({ id: 9, title: 'Grüße aus Köln', alias: 'gruesse-aus-koeln' }),
      },
      post: { '/backoffice/blog/articles': (body) => ({ ...article(), ...(body as object), id: 9, category: { id: 1, name: 'Neuigkeiten' }, version: 1 }) },
    });
    renderApp('/backoffice/blog/new');
    await user.type(await screen.findByLabelText('Title'), 'Grüße aus Köln');
    expect((screen.getByLabelText('Alias (in the address)') as HTMLInputElement).value).toBe('grusse-aus-koln');
    await user.selectOptions(within(screen.getByTestId('bo-blog-editor')).getByLabelText('Language'), 'de');
    await waitFor(() => expect(screen.getByRole('option', { name: 'News' })).toBeTruthy());
    await user.selectOptions(screen.getByLabelText('Category'), '1');
    fireEvent.change(screen.getByTestId('bo-blog-body-input'), { target: { value: '## Hallo\n\n<script>alert(1)</script><a href="javascript:alert(2)">x</a>' } });
    const preview = await screen.findByTestId('bo-blog-preview-body');
    await waitFor(() => expect(preview.querySelector('h2')?.textContent).toBe('Hallo'));
    expect(preview.querySelector('script')).toBeNull();
    expect(preview.innerHTML).not.toContain('javascript:');

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('The draft was saved.')).toBeTruthy();
    expect(calls('post', '/backoffice/blog/articles')[0]?.[1]).toMatchObject({ title: 'Grüße aus Köln', alias: 'grusse-aus-koln', language: 'de', category_id: 1, cover_image: null });
    // The editor of the new draft replaces the new-article screen.
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit article' })).toBeTruthy();
    expect(screen.getByTestId('bo-blog-state').getAttribute('data-status')).toBe('draft');
    expect(screen.getByRole('button', { name: 'Publish now' })).toBeTruthy();
  });

  it('names the fields the server refused', async () => {
    const user = userEvent.setup();
    signedIn(writer(), {
      get: { '/backoffice/blog/categories': () => ({ categories: CATEGORIES }) },
      post: { '/backoffice/blog/articles': () => { throw serverError(409, 'taken', { code: 'ALIAS_TAKEN', fields: { alias: 'x' } }); } },
    });
    renderApp('/backoffice/blog/new');
    await user.type(await screen.findByLabelText('Title'), 'Taken');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Another article in this language has this alias.')).toBeTruthy();
    expect(screen.getByLabelText('Alias (in the address)').getAttribute('aria-invalid')).toBe('true');
  });

  it('saves unsaved text and publishes it at the version it read, then offers the article on the blog', async () => {
    const user = userEvent.setup();
    let stored = article();
    signedIn(writer(), {
      get: { '/backoffice/blog/categories': () => ({ categories: CATEGORIES }), '/backoffice/blog/articles/5': () => stored },
      put: { '/backoffice/blog/articles/5': (body) => (stored = { ...stored, ...(body as object), category: stored.category, version: stored.version + 1 }) },
      post: { '/backoffice/blog/articles/5/publish': () => (stored = { ...stored, status: 'published', publish_at: 1_900_000_000, version: stored.version + 1 }) },
    });
    renderApp('/backoffice/blog/5');
    const title = await screen.findByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Ein langer Tag am Set');
    await user.click(screen.getByRole('button', { name: 'Publish now' }));
    expect(await screen.findByText('Published: readers see it now.')).toBeTruthy();
    expect(calls('put', '/backoffice/blog/articles/5')[0]?.[1]).toMatchObject({ title: 'Ein langer Tag am Set', version: 1 });
    expect(calls('post', '/backoffice/blog/articles/5/publish')[0]?.[1]).toEqual({ version: 2 });
    expect(screen.getByTestId('bo-blog-state').getAttribute('data-status')).toBe('published');
    expect(screen.getByTestId('bo-blog-view').getAttribute('href')).toBe('/lecker_blog/ein-tag-am-set');
    expect(screen.queryByRole('button', { name: 'Publish now' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeTruthy();
  });

  it('schedules for the chosen time and refuses a time gone by before asking the server', async () => {
    const user = userEvent.setup();
    signedIn(writer(), {
      get: { '/backoffice/blog/categories': () => ({ categories: CATEGORIES }), '/backoffice/blog/articles/5': () => article() },
      post: { '/backoffice/blog/articles/5/publish': (body) => article({ status: 'scheduled', publish_at: (body as { publish_at: number }).publish_at, version: 2 }) },
    });
    renderApp('/backoffice/blog/5');
    const when = await screen.findByLabelText('Publish at');
    fireEvent.change(when, { target: { value: '2001-01-01T10:00' } });
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Choose a time in the future.')).toBeTruthy();
    expect(calls('post', '/backoffice/blog/articles/5/publish')).toHaveLength(0);

    fireEvent.change(when, { target: { value: '2099-06-01T09:30' } });
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(screen.getByTestId('bo-blog-state').getAttribute('data-status')).toBe('scheduled'));
    expect(calls('post', '/backoffice/blog/articles/5/publish')[0]?.[1]).toEqual({ version: 1, publish_at: unixFromLocalInput('2099-06-01T09:30') });
    expect(screen.getByRole('button', { name: 'Unpublish' })).toBeTruthy();
  });

  it('says when someone else saved first, keeps the text, and reloads their version on request', async () => {
    const user = userEvent.setup();
    let stored = article();
    signedIn(writer(), {
      get: { '/backoffice/blog/categories': () => ({ categories: CATEGORIES }), '/backoffice/blog/articles/5': () => stored },
      put: {
        '/backoffice/blog/articles/5': () => {
          throw serverError(409, 'stale', { code: 'STALE_VERSION', fields: { version: 'old' } });
        },
      },
    });
    renderApp('/backoffice/blog/5');
    const title = await screen.findByLabelText('Title');
    // Meanwhile another writer saved the article.
    stored = article({ title: 'Their title', version: 2 });
    await user.clear(title);
    await user.type(title, 'My title');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const stale = await screen.findByTestId('bo-blog-stale');
    expect(stale.textContent).toContain('Someone saved this article after you opened it');
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('My title');
    await user.click(within(stale).getByRole('button', { name: 'Reload the article' }));
    await waitFor(() => expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Their title'));
    expect(screen.queryByTestId('bo-blog-stale')).toBeNull();
  });

  it('says when an article does not exist', async () => {
    signedIn(writer(), {
      get: {
        '/backoffice/blog/categories': () => ({ categories: CATEGORIES }),
        '/backoffice/blog/articles/77': () => {
          throw serverError(404, 'No blog article 77', { code: 'NOT_FOUND' });
        },
      },
    });
    renderApp('/backoffice/blog/77');
    expect(await screen.findByText('This article does not exist (any more).')).toBeTruthy();
  });
});

describe('aliasFromTitle', () => {
  it.each([
    ['Ein Tag am Set!', 'ein-tag-am-set'],
    ['Une journée sur le plateau', 'une-journee-sur-le-plateau'],
    ['  Straße & Licht  ', 'strasse-licht'],
    ['100% natural', '100-natural'],
    ['!!!', ''],
  ])('turns %s into %s', (title, alias) => {
    expect(aliasFromTitle(title)).toBe(alias);
  });
});
