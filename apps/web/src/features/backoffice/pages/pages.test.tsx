import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BackofficePage, BackofficePageSummary, PageMeta, PathMetaDetail, Profile } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPopups } from '@/components/popups/popup-store';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import { setAccessToken } from '@/lib/storage';
import { serverError } from '@/test/fake-api';
import type { ApiMock, FakeRoutes } from '@/test/render-app';
import { fakeSite, profileFixture, renderApp } from '@/test/render-app';
import { cutForResult } from './routes/meta-editor';

// The back office's custom pages and page meta (decision record 076).

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
const mockedApi = api as unknown as ApiMock;
const calls = (method: 'get' | 'post' | 'put' | 'delete', path: string) => mockedApi[method].mock.calls.filter(([p]) => p === path);

function signedIn(profile: Profile, routes: FakeRoutes = {}) {
  setAccessToken('token');
  fakeSite(mockedApi, { ...routes, get: { '/user/profile': () => profile, '/roles': () => [], ...routes.get } });
}
/** Types a value in one go: typing it key by key re-renders the form once per key, slow on a busy machine. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(value);
}
const admin = () => profileFixture({ is_team_member: true, team_kinds: ['admin'], second_factor: 'verified' });

const summary = (id: number, overrides: Partial<BackofficePageSummary> = {}): BackofficePageSummary => ({
  id,
  path: `/page-${id}`,
  type: 'document',
  title: `Page ${id}`,
  published: true,
  has_password: false,
  version: 1,
  updated_at: 1_900_000_000,
  ...overrides,
});
const full = (id: number, overrides: Partial<BackofficePage> = {}): BackofficePage => ({
  ...summary(id),
  source: '<p>Hello</p>',
  landing_en: null,
  landing_de: null,
  created_at: 1_900_000_000,
  ...overrides,
});

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
});
afterEach(() => setAccessToken(null));

describe('/backoffice/pages', () => {
  it('lists every page with its type and status, and finds one by path or title', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const pages = [summary(1, { path: '/press', title: 'Press' }), summary(2, { path: '/members-preview', published: false, has_password: true, title: 'Preview' })];
    signedIn(admin(), { get: { '/backoffice/pages': () => ({ pages }) } });
    renderApp('/backoffice/pages');
    const rows = await screen.findAllByTestId('bo-page-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByText('Unpublished')).toBeTruthy();
    expect(within(rows[1]!).getByText('Password')).toBeTruthy();
    expect(within(rows[0]!).getByText('Document')).toBeTruthy();
    await fill(user, screen.getByLabelText('Find by path or title'), 'PREV');
    expect(screen.getAllByTestId('bo-page-row').map((r) => r.dataset.path)).toEqual(['/members-preview']);
    await fill(user, screen.getByLabelText('Find by path or title'), 'zzz');
    expect(screen.getByText('No page matches “zzz”.')).toBeTruthy();
  });

  it('publishes an unpublished page and says so', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    let published = false;
    signedIn(admin(), {
      get: { '/backoffice/pages': () => ({ pages: [summary(4, { published })] }) },
      put: {
        '/backoffice/pages/4/published': (body) => {
          published = (body as { published: boolean }).published;
          return full(4, { published });
        },
      },
    });
    renderApp('/backoffice/pages');
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('/page-4 is published.')).toBeTruthy();
    expect(calls('put', '/backoffice/pages/4/published')[0]?.[1]).toEqual({ published: true });
    expect(await screen.findByRole('button', { name: 'Unpublish' })).toBeTruthy();
  });

  it('asks before deleting, then removes the page', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    let pages = [summary(5)];
    signedIn(admin(), {
      get: { '/backoffice/pages': () => ({ pages }) },
      delete: {
        '/backoffice/pages/5': () => {
          pages = [];
          return {};
        },
      },
    });
    renderApp('/backoffice/pages');
    await user.click(await screen.findByRole('button', { name: 'Delete the page at /page-5' }));
    const dialog = await screen.findByTestId('bo-page-delete');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The page at /page-5 was deleted.')).toBeTruthy();
    expect(await screen.findByText('No pages yet. Write the first one with “New page”.')).toBeTruthy();
  });

  it('says when the pages cannot be loaded, and loads them again on request', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    let fail = true;
    signedIn(admin(), {
      get: {
        '/backoffice/pages': () => {
          if (fail) throw serverError(500, 'down');
          return { pages: [summary(1)] };
        },
      },
    });
    renderApp('/backoffice/pages');
    expect(await screen.findByText('The pages could not be loaded.', {}, { timeout: 5000 })).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findAllByTestId('bo-page-row')).toHaveLength(1);
  });
});

describe('/backoffice/pages/:id', () => {
  it('refuses an unsafe forwarding target before sending anything, in the reader’s words', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    signedIn(admin());
    renderApp('/backoffice/pages/new');
    await user.click(await screen.findByRole('radio', { name: /Forwarding link/ }));
    await fill(user, screen.getByLabelText('Path'), '/go/partner');
    await fill(user, screen.getByLabelText('Forward to'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Create page' }));
    expect(await screen.findByText('Enter a path of this site starting with / or an address starting with http:// or https://.')).toBeTruthy();
    expect(screen.getByLabelText('Forward to').getAttribute('aria-invalid')).toBe('true');
    expect(calls('post', '/backoffice/pages')).toHaveLength(0);
  });

  it('creates a document with a password and opens its editor', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const created = full(9, { path: '/vip', title: 'VIP', source: '<p>Only for you</p>', has_password: true, published: true });
    signedIn(admin(), { post: { '/backoffice/pages': () => created }, get: { '/backoffice/pages/9': () => created } });
    const { location } = renderApp('/backoffice/pages/new');
    const path = await screen.findByLabelText('Path');
    await fill(user, path, '/vip');
    await fill(user, screen.getByLabelText('Title'), 'VIP');
    await fill(user, screen.getByLabelText('Text (HTML)'), '<p>Only for you</p>');
    await fill(user, screen.getByLabelText('Password'), 'open sesame');
    await user.click(screen.getByRole('checkbox', { name: 'Published' }));
    await user.click(screen.getByRole('button', { name: 'Create page' }));
    await waitFor(() => expect(location().pathname).toBe('/backoffice/pages/9'));
    expect(calls('post', '/backoffice/pages')[0]?.[1]).toEqual({
      path: '/vip',
      type: 'document',
      title: 'VIP',
      source: '<p>Only for you</p>',
      landing_en: null,
      landing_de: null,
      published: true,
      password: 'open sesame',
    });
    expect(await screen.findByText('The page was created.')).toBeTruthy();
    expect(screen.getByText('This page has a password.')).toBeTruthy();
    expect(screen.getByLabelText('New password')).toBeTruthy();
  });

  it('names a path another page has, and tells of a save lost to another admin', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    let answer: 'taken' | 'changed' = 'taken';
    signedIn(admin(), {
      get: { '/backoffice/pages/3': () => full(3, { version: 4 }) },
      put: {
        '/backoffice/pages/3': () => {
          throw answer === 'taken'
            ? serverError(409, 'taken', { code: 'PATH_TAKEN', fields: { path: 'Another page has this path' } })
            : serverError(409, 'changed', { code: 'PAGE_CHANGED' });
        },
      },
    });
    renderApp('/backoffice/pages/3');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Another page has this path already.')).toBeTruthy();
    expect((calls('put', '/backoffice/pages/3')[0]?.[1] as { version: number }).version).toBe(4);
    answer = 'changed';
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Someone saved this page since you opened it/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
  });

  it('says a page that does not exist is not there', { timeout: 20_000 }, async () => {
    signedIn(admin(), {
      get: {
        '/backoffice/pages/77': () => {
          throw serverError(404, 'No page');
        },
      },
    });
    renderApp('/backoffice/pages/77');
    expect(await screen.findByText('There is no page with this id. It may have been deleted.')).toBeTruthy();
  });
});

const meta = (title: string, description: string): PageMeta => ({ title, description, keywords: 'velora', robots: 'noindex, nofollow', canonical: 'http://localhost/models' });
const detail = (): PathMetaDetail => ({
  path: '/models',
  override: null,
  defaults: { en: meta('Velora - Models', 'Members’ club'), de: meta('Velora - Models', 'Mitgliederclub'), fr: meta('Velora - Modèles', 'Club de membres') },
  robots_locked: false,
});

describe('/backoffice/meta', () => {
  it('edits a path’s title per language with a search-result preview, and saves all three languages at once', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    signedIn(admin(), {
      get: { '/backoffice/meta': () => ({ items: [] }), '/backoffice/meta/path': () => detail() },
      put: { '/backoffice/meta': (body) => ({ id: 1, version: 1, updated_at: 1_900_000_000, ...(body as object) }) },
    });
    renderApp('/backoffice/meta?path=/models');
    const form = await screen.findByTestId('bo-meta-form');
    expect(within(form).getByTestId('bo-meta-preview').textContent).toContain('Velora - Models');
    await fill(user, within(form).getByLabelText('Title (English)'), 'All our models');
    expect(within(form).getByTestId('bo-meta-preview').textContent).toContain('All our models');
    await user.click(within(form).getByRole('radio', { name: 'French' }));
    expect(within(form).getByTestId('bo-meta-preview').textContent).toContain('Velora - Modèles');
    await fill(user, within(form).getByLabelText('Title (French)'), 'Tous nos modèles');
    await user.selectOptions(within(form).getByLabelText('Search engines'), 'index, follow');
    await user.click(within(form).getByRole('button', { name: 'Save meta' }));
    expect(await screen.findByText('The meta of /models was saved.')).toBeTruthy();
    expect(calls('put', '/backoffice/meta')[0]?.[1]).toEqual({
      path: '/models',
      robots: 'index, follow',
      version: null,
      texts: {
        en: { title: 'All our models', description: '', keywords: '' },
        de: { title: '', description: '', keywords: '' },
        fr: { title: 'Tous nos modèles', description: '', keywords: '' },
      },
    });
  });

  it('marks a title over the limit in the language that has it, and sends nothing', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    signedIn(admin(), { get: { '/backoffice/meta': () => ({ items: [] }), '/backoffice/meta/path': () => detail() } });
    renderApp('/backoffice/meta?path=/models');
    const form = await screen.findByTestId('bo-meta-form');
    await user.click(within(form).getByRole('radio', { name: 'German' }));
    const title = within(form).getByLabelText('Title (German)');
    await user.click(title);
    await user.paste('x'.repeat(130));
    expect(within(form).getByText(/Search engines usually show about 60 characters of a title/)).toBeTruthy();
    await user.click(within(form).getByRole('radio', { name: 'English' }));
    await user.click(within(form).getByRole('button', { name: 'Save meta' }));
    expect(await within(form).findByText('Too long: at most 120 characters.')).toBeTruthy();
    expect((within(form).getByRole('radio', { name: /German/ }) as HTMLInputElement).checked).toBe(true);
    expect(calls('put', '/backoffice/meta')).toHaveLength(0);
  });

  it('says when no path has meta of its own yet', { timeout: 20_000 }, async () => {
    signedIn(admin(), { get: { '/backoffice/meta': () => ({ items: [] }) } });
    renderApp('/backoffice/meta');
    expect(await screen.findByText('No path has meta of its own yet: every path shows its defaults.')).toBeTruthy();
  });
});

describe('the search-result preview', () => {
  it('cuts a long text at a word near the limit, as a search engine does', () => {
    expect(cutForResult('short', 60)).toBe('short');
    const cut = cutForResult('word '.repeat(30), 60);
    expect(cut.length).toBeLessThanOrEqual(62);
    expect(cut.endsWith(' …')).toBe(true);
  });
});
