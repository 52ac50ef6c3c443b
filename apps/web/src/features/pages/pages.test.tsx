import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CustomPage, Landing, PageMeta } from '@velora/shared';
import { DEFAULT_COMPANY_VALUES } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { resetPopups } from '@/components/popups/popup-store';
import { ApiError, MaxRetriesError, api } from '@/lib/http';
import { setAccessToken } from '@/lib/storage';
import type { ApiMock, FakeRoutes } from '@/test/render-app';
import { fakeApi, profileFixture, renderApp, visitFixture } from '@/test/render-app';
import { ROUTES, landingIdOf, routeByName } from '@/app/routes';
import { en } from '@/locales';
import { de } from '@/locales/de';
import { fr } from '@/locales/fr';

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

const mockedApi = api as unknown as ApiMock;

const apiError = (status: number, path: string, code: string, message: string, fields?: Record<string, string>) =>
  new ApiError({ status, statusText: String(status), body: { error: { code, message, ...(fields ? { fields } : {}) } }, path });

const page = (overrides: Partial<CustomPage> = {}): CustomPage => ({
  type: 'document',
  title: 'Members preview',
  has_password: false,
  source: '<h2>Welcome</h2><p>Hello <strong>there</strong>.</p>',
  landing_de: null,
  landing_en: null,
  ...overrides,
});

const landing = (overrides: Partial<Landing> = {}): Landing => ({
  id: 3,
  language: 'en',
  default: true,
  title: 'Spring stories',
  subtitle: 'New films every week',
  body_html: '<p>Join us for the season.</p><script>window.hacked = true</script>',
  hero_image: null,
  cta: { label: 'Join now', url: '#sign_up' },
  ...overrides,
});

const company = { company: 'de', values: DEFAULT_COMPANY_VALUES.de };

const meta = (overrides: Partial<PageMeta> = {}): PageMeta => ({ title: '', description: '', keywords: '', robots: '', canonical: '', ...overrides });

function visitor(routes: FakeRoutes = {}) {
  fakeApi(mockedApi, {
    get: { '/track/visit': () => visitFixture(), '/pages/meta': () => meta(), ...routes.get },
    post: { '/feature/get_company': () => company, ...routes.post },
  });
}

function member(routes: FakeRoutes = {}) {
  setAccessToken('member-token');
  fakeApi(mockedApi, {
    get: {
      '/track/visit': () => visitFixture(),
      '/user/profile': () => profileFixture(),
      '/videos/unlocked': () => ({ galleries: [], videos: [] }),
      '/pages/meta': () => meta(),
      ...routes.get,
    },
    post: { '/feature/get_company': () => company, ...routes.post },
  });
}

const getCalls = (path: string) => mockedApi.get.mock.calls.filter(([p]) => p === path);
/** The params of the GETs to a path, each once in a row (StrictMode mounts twice and may ask twice). */
const getParams = (path: string) =>
  getCalls(path)
    .map(([, params]) => JSON.stringify(params ?? null))
    .filter((params, i, all) => i === 0 || params !== all[i - 1])
    .map((params) => JSON.parse(params) as unknown);
const postCalls = (path: string) => mockedApi.post.mock.calls.filter(([p]) => p === path);

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

describe('contact form (/contact-us)', () => {
  const fill = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.type(await screen.findByLabelText('Subject'), 'A question about billing');
    await user.type(screen.getByLabelText('Message'), 'Which name appears on my statement?');
    await user.type(screen.getByLabelText('Email'), 'reader@example.com');
  };

  it('refuses to send without a solved captcha, and sends the solution once solved', async () => {
    const user = userEvent.setup();
    visitor({ post: { '/pages/contact_us': () => ({ status: 'ok' }) } });
    renderApp('/contact-us');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await within(screen.getByTestId('captcha')).findByText('Solve the captcha first: tick the spam protection box.')).toBeTruthy();
    expect(postCalls('/pages/contact_us')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Solve the test captcha' }));
    expect(within(screen.getByTestId('captcha')).queryByText(/Solve the captcha first/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const success = await screen.findByTestId('contact-success');
    expect(success.textContent).toContain('Your message has been sent');
    expect(postCalls('/pages/contact_us')[0]?.[1]).toEqual({
      subject: 'A question about billing',
      message: 'Which name appears on my statement?',
      email: 'reader@example.com',
      captcha: 'c29sdmVkLWNhcHRjaGE=',
    });
  });

  it('checks the fields before sending', async () => {
    const user = userEvent.setup();
    visitor();
    renderApp('/contact-us');
    await user.type(await screen.findByLabelText('Message'), 'short');
    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Use at least 10 characters.')).toBeTruthy();
    expect(screen.getByText('Required')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByLabelText('Subject').getAttribute('aria-invalid')).toBe('true');
    expect(postCalls('/pages/contact_us')).toHaveLength(0);
  });

  it("shows the server's field errors, the captcha's included", async () => {
    const user = userEvent.setup();
    visitor({
      post: {
        '/pages/contact_us': () => {
          throw apiError(400, '/pages/contact_us', 'VALIDATION_FAILED', 'Invalid', {
            email: 'This address cannot receive mail',
            captcha: 'The captcha is invalid or expired',
          });
        },
      },
    });
    renderApp('/contact-us');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Solve the test captcha' }));
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('This address cannot receive mail')).toBeTruthy();
    expect(within(screen.getByTestId('captcha')).getByText('The captcha is invalid or has expired. Please solve it again.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Please correct the marked fields.');
  });
});

describe('content removal form (/report)', () => {
  it('validates every field, requires the confirmation and the captcha, then sends', async () => {
    const user = userEvent.setup();
    visitor({ post: { '/pages/content_report': () => ({ status: 'ok' }) } });
    renderApp('/report');
    await user.click(await screen.findByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Choose one of the options.')).toBeTruthy();
    expect(screen.getByText('Please confirm that the information is accurate.')).toBeTruthy();
    expect(within(screen.getByTestId('captcha')).getByText(/Solve the captcha first/)).toBeTruthy();
    expect(screen.getAllByText('Required')).toHaveLength(4);

    await user.selectOptions(screen.getByLabelText('What is the problem?'), 'privacy');
    await user.type(screen.getByLabelText('Your name'), 'Alex Example');
    await user.type(screen.getByLabelText('Your email'), 'alex@example.com');
    await user.type(screen.getByLabelText('Address (URL) of the content'), 'ftp://elsewhere');
    await user.type(screen.getByLabelText('Why should it be removed?'), 'I never agreed to this being shown.');
    await user.click(screen.getByLabelText('I am a person shown in this content'));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Enter a web address starting with http:// or https://.')).toBeTruthy();

    const url = screen.getByLabelText('Address (URL) of the content');
    await user.clear(url);
    await user.type(url, 'https://velora.example/shoot/4');
    await user.click(screen.getByLabelText('I confirm that the information in this report is accurate and complete'));
    await user.click(screen.getByRole('button', { name: 'Solve the test captcha' }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByTestId('report-success')).toBeTruthy();
    expect(postCalls('/pages/content_report')[0]?.[1]).toEqual({
      category: 'privacy',
      name: 'Alex Example',
      email: 'alex@example.com',
      url: 'https://velora.example/shoot/4',
      is_depicted: true,
      is_agreed: true,
      reason: 'I never agreed to this being shown.',
      captcha: 'c29sdmVkLWNhcHRjaGE=',
    });
  });
});

describe('legal and info pages', () => {
  it('shows the terms with the 2257 notice and the company values', async () => {
    visitor();
    renderApp('/agb');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeTruthy();
    const notice = screen.getByTestId('notice-2257');
    expect(within(notice).getByRole('heading', { name: /18 U\.S\.C\. 2257/ })).toBeTruthy();
    expect(within(notice).getByRole('heading', { name: 'Custodian of records' })).toBeTruthy();
    expect(within(notice).getByText('Velora Media GmbH')).toBeTruthy();
  });

  it.each([
    ['/dmca', 'DMCA and copyright'],
    ['/prohibited_content', 'Prohibited content'],
    ['/apply', 'Apply as a model'],
    ['/about_us', 'About us'],
    ['/netiquette', 'Netiquette'],
    ['/playdate-faq', 'Playdate FAQ'],
    ['/community_guidelines', 'Community guidelines'],
    ['/friends', 'Friends of Velora'],
  ])('%s shows "%s" with its sections to visitors', async (path, title) => {
    visitor();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(2);
  });

  it.each([
    ['/about_us', 'About us', 'live sessions', 'playdates'],
    ['/playdate-faq', 'Playdate FAQ', 'camera page', 'the playdate page'],
  ])('%s links the live cams and playdates it mentions', async (path, title, camsWords, playdatesWords) => {
    visitor();
    renderApp(path);
    const page = (await screen.findByRole('heading', { level: 1, name: title })).closest('article')!;
    const hrefs = (name: string) => new Set(within(page).getAllByRole('link', { name }).map((a) => a.getAttribute('href')));
    expect(hrefs(camsWords)).toEqual(new Set(['/cameras']));
    expect(hrefs(playdatesWords)).toEqual(new Set(['/playdates']));
    expect(page.textContent).not.toMatch(/<\/?(cams|playdates)>/);
  });

  it('links the same words in German and French as in English', () => {
    const tags = (content: unknown) => JSON.stringify(content).match(/<(cams|playdates)>/g);
    for (const key of ['aboutUs', 'playdateFaq'] as const) {
      expect(tags(de.legal[key])).toEqual(tags(en.legal[key]));
      expect(tags(fr.legal[key])).toEqual(tags(en.legal[key]));
    }
  });

  it('builds the sitemap from the route table', async () => {
    visitor();
    renderApp('/sitemap');
    const sitemap = await screen.findByTestId('sitemap');
    const legal = within(sitemap).getByRole('navigation', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'DMCA' }).getAttribute('href')).toBe('/dmca');
    expect(within(sitemap).getByRole('link', { name: 'Blog' }).getAttribute('href')).toBe('/blog');
    expect(within(sitemap).queryByRole('navigation', { name: 'For members' })).toBeNull();
  });

  it('unsubscribes a member with GET /user/unsubscribe_mails', async () => {
    member({ get: { '/user/unsubscribe_mails': () => ({ status: 'ok' }) } });
    renderApp('/unsubscribe_mails');
    expect(await screen.findByTestId('unsubscribe-done')).toBeTruthy();
    expect(getCalls('/user/unsubscribe_mails').length).toBeGreaterThan(0);
  });

  it('explains to a visitor that unsubscribing needs a log-in, and calls nothing', async () => {
    visitor();
    renderApp('/unsubscribe_mails');
    const box = await screen.findByTestId('unsubscribe-logged-out');
    expect(within(box).getByRole('link', { name: 'Log in to unsubscribe' }).getAttribute('href')).toBe('/unsubscribe_mails?redirect=%2Funsubscribe_mails#log_in');
    expect(getCalls('/user/unsubscribe_mails')).toHaveLength(0);
  });
});
