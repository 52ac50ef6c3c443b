import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { resetPopups } from '@/components/popups/popup-store';
import { MaxRetriesError } from '@/lib/http';
import { setAccessToken } from '@/lib/storage';
import { renderApp } from '@/test/render-app';
import { ROUTES, landingIdOf, routeByName } from '@/app/routes';
import { apiError, page, landing, meta, visitor, getCalls, getParams } from '@/test/pages-site';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

// The proof-of-work widget needs Web Workers and crypto.subtle; here it is a button that "solves" it.
vi.mock('@/features/pages/components/captcha-field', () => ({
  CaptchaField: ({ onChange, error }: { onChange: (solution: string | null) => void; error?: string }) => (
    <div data-testid="captcha">
      <button type="button" onClick={() => onChange('c29sdmVkLWNhcHRjaGE=')}>
        Solve the test captcha
      </button>
      {error ? <p>{error}</p> : null}
    </div>
  ),
}));

// Custom pages (the catch-all route), landings and the page meta.

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
  sessionStorage.clear();
  document.title = 'Velora';
});
afterEach(() => {
  setAccessToken(null);
});

describe('custom pages (the catch-all route)', () => {
  it('renders a document page with its sanitised HTML', async () => {
    visitor({ get: { '/pages/about-the-studio': () => page({ source: '<p onclick="steal()">Our studio</p><script>steal()</script>' }) } });
    renderApp('/about-the-studio');
    const article = await screen.findByTestId('custom-page');
    expect(within(article).getByRole('heading', { level: 1, name: 'Members preview' })).toBeTruthy();
    expect(within(article).getByText('Our studio')).toBeTruthy();
    expect(article.innerHTML).not.toContain('script');
    expect(article.innerHTML).not.toContain('onclick');
    await waitFor(() => expect(document.title).toBe('Velora – Members preview'));
  });

  it("prompts 'Please Enter Password' until the password is right, says 'Invalid password!', and remembers it", async () => {
    const user = userEvent.setup();
    const protectedPage = page({ has_password: true });
    visitor({
      get: {
        '/pages/members-preview': (params) => {
          const password = (params as { password?: string } | undefined)?.password;
          if (password === undefined) return { ...protectedPage, source: null };
          if (password !== 'letmein') throw apiError(403, '/pages/members-preview', 'INVALID_PASSWORD', 'Invalid password!');
          return { ...protectedPage, source: '<p>Preview for members</p>' };
        },
      },
    });
    const first = renderApp('/members-preview');

    const input = await screen.findByLabelText('Please Enter Password');
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(screen.queryByText('Preview for members')).toBeNull();

    await user.type(input, 'wrong');
    await user.click(screen.getByRole('button', { name: 'Open page' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid password!');
    // Prompted again, empty and focused.
    const again = screen.getByLabelText('Please Enter Password');
    expect((again as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(again));

    await user.type(again, 'wrong');
    await user.click(screen.getByRole('button', { name: 'Open page' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid password!');

    await user.type(screen.getByLabelText('Please Enter Password'), 'letmein');
    await user.click(screen.getByRole('button', { name: 'Open page' }));
    expect(await screen.findByText('Preview for members')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    // The same wrong password twice is asked twice: the server decides, not a cached answer.
    expect(getCalls('/pages/members-preview').filter(([, params]) => (params as { password?: string } | undefined)?.password === 'wrong')).toHaveLength(2);
    expect(getParams('/pages/members-preview').at(-1)).toEqual({ password: 'letmein' });
    first.unmount();

    // A new visit in the same session: the remembered password is sent at once, no prompt.
    vi.clearAllMocks();
    renderApp('/members-preview');
    expect(await screen.findByText('Preview for members')).toBeTruthy();
    expect(screen.queryByLabelText('Please Enter Password')).toBeNull();
    expect(getParams('/pages/members-preview')).toEqual([{ password: 'letmein' }]);
  });

  it('asks afresh, without an alert, when a remembered password stopped working', async () => {
    sessionStorage.setItem('velora:page-password:/members-preview', 'old-password');
    visitor({
      get: {
        '/pages/members-preview': (params) => {
          if ((params as { password?: string } | undefined)?.password) throw apiError(403, '/pages/members-preview', 'INVALID_PASSWORD', 'Invalid password!');
          return page({ has_password: true, source: null });
        },
      },
    });
    renderApp('/members-preview');
    expect(await screen.findByLabelText('Please Enter Password')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sessionStorage.getItem('velora:page-password:/members-preview')).toBeNull();
  });

  it('shows a translated Page not found for a 404 and an error page with a retry for other failures', async () => {
    visitor({
      get: {
        '/pages/gone': () => {
          throw apiError(404, '/pages/gone', 'NOT_FOUND', 'No page');
        },
        '/pages/broken': () => {
          throw new MaxRetriesError('/pages/broken', 503);
        },
      },
    });
    const { app } = renderApp('/gone');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    await app.router.navigate('/broken');
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it("titles a path without a page 'Velora – Page not found', not with the site's default meta title", async () => {
    visitor({
      get: {
        '/pages/meta': () => meta({ title: "Velora - Members' club for photo and video sets" }),
        '/pages/gone': () => {
          throw apiError(404, '/pages/gone', 'NOT_FOUND', 'No page');
        },
      },
    });
    renderApp('/gone');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Velora – Page not found'));
  });

  it('shows the heading of a document page once when its body opens with the same heading', async () => {
    visitor({ get: { '/pages/preview': () => page({ source: '<h1>Members preview</h1><p>Coming soon</p>' }) } });
    renderApp('/preview');
    const article = await screen.findByTestId('custom-page');
    expect(within(article).getAllByRole('heading', { name: 'Members preview' })).toHaveLength(1);
    expect(within(article).getByText('Coming soon')).toBeTruthy();
  });

  it('forwards a transforming link to its target, keeping the query', async () => {
    visitor({
      get: {
        '/pages/spring': () => page({ type: 'transforming_links', source: '/about_us?from=spring' }),
      },
    });
    const { location } = renderApp('/spring?utm_source=mail');
    expect(await screen.findByRole('heading', { level: 1, name: 'About us' })).toBeTruthy();
    expect(`${location().pathname}${location().search}`).toBe('/about_us?from=spring&utm_source=mail');
  });

  it('renders the landing of a landing page in the page language', async () => {
    visitor({
      get: {
        '/pages/spring-offer': () => page({ type: 'landing', source: null, landing_de: 4, landing_en: 3 }),
        '/landings/3': () => landing(),
      },
    });
    renderApp('/spring-offer');
    const view = await screen.findByTestId('landing-page');
    expect(within(view).getByRole('heading', { level: 1, name: 'Spring stories' })).toBeTruthy();
    expect(within(view).getByRole('link', { name: 'Join now' }).getAttribute('href')).toBe('/spring-offer#sign_up');
    expect(view.innerHTML).not.toContain('script');
    expect(getCalls('/landings/3')[0]?.[1]).toEqual({ lang: 'en' });
  });
});

describe('landings: /welcome/{id}', () => {
  it('renders GET /landings/{id}?lang and carries landing_id in the route meta', async () => {
    visitor({ get: { '/landings/3': () => landing() } });
    renderApp('/welcome/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring stories' })).toBeTruthy();
    expect(screen.getByText('Join us for the season.')).toBeTruthy();
    expect(landingIdOf(routeByName('landing'), { id: '3' })).toBe('3');
    expect(landingIdOf(routeByName('contactUs'), {})).toBeNull();
    expect(ROUTES.filter((r) => 'landingIdParam' in r && r.landingIdParam).map((r) => r.name)).toEqual(['landing']);
  });

  it('shows Page not found for an unknown landing', async () => {
    visitor({
      get: {
        '/landings/99': () => {
          throw apiError(404, '/landings/99', 'NOT_FOUND', 'No landing');
        },
      },
    });
    renderApp('/welcome/99');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});

describe('page meta', () => {
  it('applies title, description, keywords, robots and the canonical link from GET /pages/meta', async () => {
    visitor({
      get: {
        '/pages/meta': () =>
          meta({
            title: 'Contact Velora support',
            description: 'Write to the Velora team.',
            keywords: 'contact, support',
            robots: 'index, follow',
            canonical: 'https://velora.example/contact-us',
          }),
      },
    });
    renderApp('/contact-us');
    await waitFor(() => expect(document.title).toBe('Contact Velora support'));
    const content = (name: string) => document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
    expect(content('description')).toBe('Write to the Velora team.');
    expect(content('keywords')).toBe('contact, support');
    expect(content('robots')).toBe('index, follow');
    expect(document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href).toBe('https://velora.example/contact-us');
    expect(getCalls('/pages/meta')[0]?.[1]).toEqual({ url: '/contact-us', lang: 'en' });
  });

  it('keeps "Velora – section" and drops stale tags when the server has nothing, and asks again on navigation', async () => {
    visitor({
      get: {
        '/pages/meta': (params) =>
          (params as { url: string }).url === '/dmca' ? meta({ keywords: 'dmca', robots: 'noindex' }) : meta(),
      },
    });
    const { app } = renderApp('/dmca');
    await waitFor(() => expect(document.head.querySelector<HTMLMetaElement>('meta[name="robots"]')?.content).toBe('noindex'));
    expect(document.title).toBe('Velora – DMCA');
    await app.router.navigate('/about_us');
    await screen.findByRole('heading', { level: 1, name: 'About us' });
    await waitFor(() => expect(document.head.querySelector('meta[name="robots"]')).toBeNull());
    expect(document.head.querySelector('meta[name="keywords"]')).toBeNull();
    expect(document.title).toBe('Velora – About us');
    expect(document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href).toBe(`${window.location.origin}/about_us`);
    expect(getParams('/pages/meta')).toEqual([
      { url: '/dmca', lang: 'en' },
      { url: '/about_us', lang: 'en' },
    ]);
  });
});

