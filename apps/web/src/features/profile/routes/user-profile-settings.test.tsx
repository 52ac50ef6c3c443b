import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import { accountOf, i18n, profileOf, refusal, renderWithAccount } from '../test/render';
import UserProfileSettingsRoute from './user-profile-settings';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const mockedApi = vi.mocked(api);
const OK = { status: 'ok' };

/** Answers POSTs by path; validation calls say "available" unless a test says otherwise. */
function answerPosts(answers: Record<string, (body: unknown) => unknown> = {}) {
  mockedApi.post.mockImplementation((path: string, body: unknown) => {
    const answer = answers[path];
    if (answer) {
      try {
        return Promise.resolve(answer(body));
      } catch (error) {
        return Promise.reject(error);
      }
    }
    if (path === '/user/validate_username' || path === '/user/validate_email') return Promise.resolve({ valid: true, reason: null, message: null });
    return Promise.resolve(OK);
  });
}

const postsTo = (path: string) => mockedApi.post.mock.calls.filter(([p]) => p === path).map(([, body]) => body);
const card = (testId: string) => within(screen.getByTestId(testId));

function renderSettings(profile = profileOf()) {
  const account = accountOf(profile);
  const utils = renderWithAccount(<UserProfileSettingsRoute />, account);
  return { account, ...utils };
}

/** The element an input's aria-describedby points at, containing `text`. */
function describedBy(input: HTMLElement, text: string): boolean {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.some((id) => document.getElementById(id)?.textContent?.includes(text));
}

beforeEach(() => {
  vi.clearAllMocks();
  answerPosts();
  mockedApi.get.mockResolvedValue(OK);
});

describe('account settings', () => {
  it('shows every setting as its own card with its own submit', () => {
    renderSettings();
    expect(screen.getByRole('heading', { level: 1, name: 'Account settings' })).toBeTruthy();
    for (const id of ['username-form', 'email-form', 'password-form', 'personal-data-form', 'notifications-form', 'newsletter-card', 'playdate-blocks-form']) {
      expect(card(id).getAllByRole('button').length, id).toBeGreaterThan(0);
    }
    expect(screen.getByRole('link', { name: 'Back to my profile' }).getAttribute('href')).toBe('/user-profile');
  });

  it('shows a loading state, then an error with a retry when the profile cannot be loaded', async () => {
    const user = userEvent.setup();
    const loading = renderWithAccount(<UserProfileSettingsRoute />, accountOf(null, { isPending: true }));
    expect(screen.getByRole('status', { name: 'Loading your profile' })).toBeTruthy();
    loading.unmount();
    const account = accountOf(null, { isError: true });
    renderWithAccount(<UserProfileSettingsRoute />, account);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Your profile could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(account.retry).toHaveBeenCalled();
  });
});

describe('username and chat name', () => {
  it('submits the new names with the password, refreshes the profile and says so', async () => {
    const user = userEvent.setup();
    const { account } = renderSettings();
    const form = card('username-form');
    await user.clear(form.getByLabelText('Username'));
    await user.type(form.getByLabelText('Username'), 'new.name');
    await user.clear(form.getByLabelText('Chat name'));
    await user.type(form.getByLabelText('Current password'), 'secret password');
    await user.click(form.getByRole('button', { name: 'Save names' }));
    expect(await form.findByText('Your names have been saved.')).toBeTruthy();
    expect(postsTo('/user/change_username')).toEqual([{ userName: 'new.name', chatName: null, password: 'secret password' }]);
    expect(account.refresh).toHaveBeenCalled();
    expect(form.getByText('Your names have been saved.').closest('[role="status"]')).toBeTruthy();
    expect((form.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it('shows a wrong password at the password field', async () => {
    const user = userEvent.setup();
    answerPosts({
      '/user/change_username': () => {
        throw refusal(400, 'Wrong password', { password: 'Wrong password' });
      },
    });
    renderSettings();
    const form = card('username-form');
    await user.type(form.getByLabelText('Current password'), 'not it');
    await user.click(form.getByRole('button', { name: 'Save names' }));
    const password = form.getByLabelText('Current password');
    await waitFor(() => expect(describedBy(password, 'This password is not correct.')).toBe(true));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(form.queryByText('Your names have been saved.')).toBeNull();
  });

  it('shows a name taken meanwhile (409) at the username field', async () => {
    const user = userEvent.setup();
    answerPosts({
      '/user/change_username': () => {
        throw refusal(409, 'This username is taken', { userName: 'This username is taken' });
      },
    });
    renderSettings();
    const form = card('username-form');
    await user.type(form.getByLabelText('Current password'), 'secret password');
    await user.click(form.getByRole('button', { name: 'Save names' }));
    await waitFor(() => expect(describedBy(form.getByLabelText('Username'), 'This username is already taken.')).toBe(true));
  });

  it('checks a new name with the server while typing, and blocks a taken one', async () => {
    const user = userEvent.setup();
    answerPosts({ '/user/validate_username': () => ({ valid: false, reason: 'taken', message: 'This username is taken' }) });
    renderSettings();
    const form = card('username-form');
    await user.clear(form.getByLabelText('Username'));
    await user.type(form.getByLabelText('Username'), 'someone');
    await waitFor(() => expect(describedBy(form.getByLabelText('Username'), 'This username is already taken.')).toBe(true), { timeout: 2000 });
    expect(postsTo('/user/validate_username')).toContainEqual({ username: 'someone' });
    await user.type(form.getByLabelText('Current password'), 'secret password');
    await user.click(form.getByRole('button', { name: 'Save names' }));
    expect(postsTo('/user/change_username')).toEqual([]);
  });

  it('says when the live checks of the address are over their limit (429), and still lets the save decide', async () => {
    const user = userEvent.setup();
    answerPosts({
      '/user/validate_username': () => {
        throw refusal(429, 'Too many name and email checks from your address.');
      },
    });
    renderSettings();
    const form = card('username-form');
    await user.clear(form.getByLabelText('Username'));
    await user.type(form.getByLabelText('Username'), 'someone');
    await waitFor(() => expect(describedBy(form.getByLabelText('Username'), 'Too many checks for now: it will be checked when you submit.')).toBe(true), { timeout: 2000 });
    await user.type(form.getByLabelText('Current password'), 'secret password');
    await user.click(form.getByRole('button', { name: 'Save names' }));
    await waitFor(() => expect(postsTo('/user/change_username')).toHaveLength(1));
  });

  it('does not ask the server about the own name', async () => {
    const user = userEvent.setup();
    renderSettings();
    const form = card('username-form');
    await user.clear(form.getByLabelText('Username'));
    await user.type(form.getByLabelText('Username'), 'MEMBER');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(postsTo('/user/validate_username')).toEqual([]);
  });

  it('shows the rate limit of the password checks (429) with the wait', async () => {
    const user = userEvent.setup();
    answerPosts({
      '/user/change_username': () => {
        throw refusal(429, 'Too many wrong passwords. Try again in 12 minutes.');
      },
    });
    renderSettings();
    const form = card('username-form');
    await user.type(form.getByLabelText('Current password'), 'secret password');
    await user.click(form.getByRole('button', { name: 'Save names' }));
    expect((await form.findByRole('alert')).textContent).toBe('Too many attempts. Please try again in 12 minutes.');
  });

  it('disables its submit while sending', async () => {
    const user = userEvent.setup();
    let release: (value: unknown) => void = () => undefined;
    answerPosts({ '/user/change_username': () => new Promise((resolve) => (release = resolve)) });
    renderSettings();
    const form = card('username-form');
    await user.type(form.getByLabelText('Current password'), 'secret password');
    await user.click(form.getByRole('button', { name: 'Save names' }));
    const busy = await form.findByRole('button', { name: 'Saving…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    release(OK);
    expect(await form.findByText('Your names have been saved.')).toBeTruthy();
    expect((form.getByRole('button', { name: 'Save names' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('email address', () => {
  it('asks for the change with the password and says where the link went', async () => {
    const user = userEvent.setup();
    renderSettings();
    const form = card('email-form');
    await user.type(form.getByLabelText('New email address'), 'new@example.test');
    await user.type(form.getByLabelText('Current password (optional)'), 'secret password');
    await user.click(form.getByRole('button', { name: 'Change email' }));
    expect(await form.findByText('We sent a confirmation link to new@example.test. Your address changes when you open it.')).toBeTruthy();
    expect(postsTo('/user/change_email')).toEqual([{ newEmail: 'new@example.test', password: 'secret password' }]);
  });

  it('sends no password when none is given', async () => {
    const user = userEvent.setup();
    renderSettings();
    const form = card('email-form');
    await user.type(form.getByLabelText('New email address'), 'other@example.test');
    await user.click(form.getByRole('button', { name: 'Change email' }));
    await form.findByText(/We sent a confirmation link to other@example.test/);
    expect(postsTo('/user/change_email')).toEqual([{ newEmail: 'other@example.test' }]);
  });

  it('shows a taken address (409) and a wrong password (400) at their fields', async () => {
    const user = userEvent.setup();
    answerPosts({
      '/user/change_email': (body) => {
        if ((body as { password?: string }).password) throw refusal(400, 'Wrong password', { password: 'Wrong password' });
        throw refusal(409, 'An account with this email exists', { newEmail: 'An account with this email exists' });
      },
    });
    renderSettings();
    const form = card('email-form');
    await user.type(form.getByLabelText('New email address'), 'taken@example.test');
    await user.click(form.getByRole('button', { name: 'Change email' }));
    await waitFor(() => expect(describedBy(form.getByLabelText('New email address'), 'An account with this email address already exists.')).toBe(true));
    await user.type(form.getByLabelText('Current password (optional)'), 'not it');
    await user.click(form.getByRole('button', { name: 'Change email' }));
    await waitFor(() => expect(describedBy(form.getByLabelText('Current password (optional)'), 'This password is not correct.')).toBe(true));
  });

  it('refuses an invalid address and the current one without asking the server', async () => {
    const user = userEvent.setup();
    renderSettings();
    const form = card('email-form');
    await user.type(form.getByLabelText('New email address'), 'not-an-email');
    await user.click(form.getByRole('button', { name: 'Change email' }));
    await waitFor(() => expect(describedBy(form.getByLabelText('New email address'), 'Enter a valid email address.')).toBe(true));
    await user.clear(form.getByLabelText('New email address'));
    await user.type(form.getByLabelText('New email address'), 'Member@Example.test');
    await user.click(form.getByRole('button', { name: 'Change email' }));
    await waitFor(() => expect(describedBy(form.getByLabelText('New email address'), 'This is already your email address.')).toBe(true));
    expect(postsTo('/user/change_email')).toEqual([]);
  });

  it('says when too many changes were asked for (429)', async () => {
    const user = userEvent.setup();
    answerPosts({
      '/user/change_email': () => {
        throw refusal(429, 'Too many email changes. Try again in 1 minute.');
      },
    });
    renderSettings();
    const form = card('email-form');
    await user.type(form.getByLabelText('New email address'), 'new@example.test');
    await user.click(form.getByRole('button', { name: 'Change email' }));
    expect((await form.findByRole('alert')).textContent).toBe('Too many attempts. Please try again in 1 minute.');
  });
});

describe('password', () => {
  it('blocks the submit when the repeat does not match', async () => {
    const user = userEvent.setup();
    renderSettings();
    const form = card('password-form');
    await user.type(form.getByLabelText('Current password'), 'old password');
    await user.type(form.getByLabelText('New password'), 'a new password');
    await user.type(form.getByLabelText('Repeat new password'), 'a different one');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(describedBy(form.getByLabelText('Repeat new password'), 'The passwords do not match.')).toBe(true));
    expect(postsTo('/user/change_password')).toEqual([]);
  });

  it('sends the current and the new password, never the repeat', async () => {
    const user = userEvent.setup();
    renderSettings();
    const form = card('password-form');
    await user.type(form.getByLabelText('Current password'), 'old password');
    await user.type(form.getByLabelText('New password'), 'a new password');
    await user.type(form.getByLabelText('Repeat new password'), 'a new password');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText('Your password has been changed.')).toBeTruthy();
    expect(postsTo('/user/change_password')).toEqual([{ password: 'old password', newPassword: 'a new password' }]);
    expect((form.getByLabelText('New password') as HTMLInputElement).value).toBe('');
  });

  it('shows a wrong current password at its field', async () => {
    const user = userEvent.setup();
    answerPosts({
      '/user/change_password': () => {
        throw refusal(400, 'Wrong password', { password: 'Wrong password' });
      },
    });
    renderSettings();
    const form = card('password-form');
    await user.type(form.getByLabelText('Current password'), 'not it');
    await user.type(form.getByLabelText('New password'), 'a new password');
    await user.type(form.getByLabelText('Repeat new password'), 'a new password');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(describedBy(form.getByLabelText('Current password'), 'This password is not correct.')).toBe(true));
  });

  it('asks for at least 8 characters', async () => {
    const user = userEvent.setup();
    renderSettings();
    const form = card('password-form');
    await user.type(form.getByLabelText('Current password'), 'old password');
    await user.type(form.getByLabelText('New password'), 'short');
    await user.type(form.getByLabelText('Repeat new password'), 'short');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(describedBy(form.getByLabelText('New password'), 'Use at least 8 characters.')).toBe(true));
    expect(postsTo('/user/change_password')).toEqual([]);
  });
});

describe('personal data', () => {
  it('submits every field, the country as its code, and clears emptied fields', async () => {
    const user = userEvent.setup();
    const { account } = renderSettings();
    const form = card('personal-data-form');
    expect((form.getByLabelText('Country') as HTMLSelectElement).value).toBe('DE');
    expect(form.getByRole('option', { name: 'Germany' })).toBeTruthy();
    await user.clear(form.getByLabelText('First name'));
    await user.type(form.getByLabelText('First name'), 'Grace');
    await user.clear(form.getByLabelText('Street'));
    await user.selectOptions(form.getByLabelText('Country'), 'FR');
    await user.click(form.getByRole('button', { name: 'Save personal data' }));
    expect(await form.findByText('Your personal data has been saved.')).toBeTruthy();
    expect(postsTo('/user/change_personal_data')).toEqual([
      { firstName: 'Grace', lastName: 'Lovelace', street: null, house: '12a', zip: '10115', city: 'Berlin', country: 'FR' },
    ]);
    expect(account.refresh).toHaveBeenCalled();
  });

  it('shows a refusal of the server at its field', async () => {
    const user = userEvent.setup();
    answerPosts({
      '/user/change_personal_data': () => {
        throw refusal(400, 'Invalid body', { zip: 'Must be at most 20 characters' });
      },
    });
    renderSettings();
    const form = card('personal-data-form');
    await user.click(form.getByRole('button', { name: 'Save personal data' }));
    await waitFor(() => expect(describedBy(form.getByLabelText('Postcode'), 'Must be at most 20 characters')).toBe(true));
  });

  it('names the countries in the page language, in German too', async () => {
    const { de } = await import('@/locales/de');
    i18n.addResourceBundle('de', 'translation', de);
    await i18n.changeLanguage('de');
    try {
      renderSettings();
      const form = card('personal-data-form');
      expect(form.getByRole('heading', { name: 'Persönliche Daten' })).toBeTruthy();
      expect(form.getByRole('option', { name: 'Deutschland' })).toBeTruthy();
      expect(form.getByRole('option', { name: 'Frankreich' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('notifications, newsletter and playdate blocks', () => {
  it('saves both notification switches', async () => {
    const user = userEvent.setup();
    renderSettings();
    const form = card('notifications-form');
    const playdate = form.getByRole('switch', { name: 'Playdate notifications' });
    expect((playdate as HTMLInputElement).checked).toBe(true);
    await user.click(playdate);
    await user.click(form.getByRole('button', { name: 'Save notifications' }));
    expect(await form.findByText('Your notification settings have been saved.')).toBeTruthy();
    expect(postsTo('/user/change_notification_settings')).toEqual([{ hasPlaydateNotification: false, hasCameraMailNotification: true }]);
  });

  it('subscribes to the newsletter, or unsubscribes with the unsubscribe call', async () => {
    const user = userEvent.setup();
    const first = renderSettings(profileOf({ newsletter_subscribed: false }));
    let newsletter = card('newsletter-card');
    expect(newsletter.getByTestId('newsletter-state').textContent).toBe('You are not subscribed to the newsletter.');
    await user.click(newsletter.getByRole('button', { name: 'Subscribe' }));
    expect(await newsletter.findByText('You are now subscribed to the newsletter.')).toBeTruthy();
    expect(mockedApi.get).toHaveBeenCalledWith('/user/subscribe_newsletter');
    expect(first.account.refresh).toHaveBeenCalled();
    first.unmount();

    renderSettings(profileOf({ newsletter_subscribed: true }));
    newsletter = card('newsletter-card');
    expect(newsletter.getByTestId('newsletter-state').textContent).toBe('You are subscribed to the newsletter.');
    await user.click(newsletter.getByRole('button', { name: 'Unsubscribe' }));
    expect(await newsletter.findByText('You have been unsubscribed.')).toBeTruthy();
    expect(mockedApi.get).toHaveBeenCalledWith('/user/unsubscribe_mails');
  });

  it('sends the changed playdate block only', async () => {
    const user = userEvent.setup();
    renderSettings(profileOf({ settings: { playdate_block: true, upcoming_playdate_block: false } }));
    const form = card('playdate-blocks-form');
    expect((form.getByRole('switch', { name: 'Hide the upcoming playdates' }) as HTMLInputElement).checked).toBe(true);
    await user.click(form.getByRole('switch', { name: 'Hide the playdate description' }));
    await user.click(form.getByRole('button', { name: 'Save playdate page' }));
    expect(await form.findByText('Your playdate page settings have been saved.')).toBeTruthy();
    expect(postsTo('/user/playdate_description_block_hidden')).toEqual([{ hideDescriptionBlock: true }]);
    expect(postsTo('/user/upcoming_playdate_block_hidden')).toEqual([]);
  });
});
