import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { resetPopups } from '@/components/popups/popup-store';
import { setAccessToken } from '@/lib/storage';
import { renderApp } from '@/test/render-app';
import { en } from '@/locales';
import { de } from '@/locales/de';
import { fr } from '@/locales/fr';
import { apiError, visitor, member, getCalls, postCalls } from '@/test/pages-site';

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

// The contact and content removal forms, the legal and info pages, unsubscribing from mails.

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
  sessionStorage.clear();
  document.title = 'Velora';
});
afterEach(() => {
  setAccessToken(null);
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
