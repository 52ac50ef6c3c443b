import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import { accountOf, profileOf, refusal, renderWithAccount } from '../test/render';
import { EmailChangeConfirmation, resetEmailChangeConfirmations } from './email-change-confirmation';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const mockedApi = vi.mocked(api);

beforeEach(() => {
  vi.clearAllMocks();
  resetEmailChangeConfirmations();
});

describe('the link that confirms a new email address (?confirm_email=)', () => {
  it('confirms the token once, takes it out of the URL, says so and reloads the profile', async () => {
    mockedApi.post.mockResolvedValue({ status: 'ok' });
    const account = accountOf(profileOf());
    const { router } = renderWithAccount(<EmailChangeConfirmation />, account, '/recent_updates?confirm_email=tok-1&utm=mail');
    expect(await screen.findByText('Your new email address is confirmed and now in use.')).toBeTruthy();
    expect(mockedApi.post.mock.calls).toEqual([['/user/confirm_email_change', { token: 'tok-1' }]]);
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/recent_updates?utm=mail');
    expect(account.refresh).toHaveBeenCalled();
  });

  it.each([
    ['an invalid or used link (400)', refusal(400, 'invalid', { token: 'invalid' }), 'This link is invalid or has expired. Ask for a new one in your account settings.'],
    ['an address taken meanwhile (409)', refusal(409, 'taken', { newEmail: 'taken' }), 'Another account uses this email address now, so it could not be changed.'],
    ['any other failure', refusal(500, 'down'), 'Your new email address could not be confirmed. Please try again later.'],
  ])('explains %s', async (_case, error, text) => {
    mockedApi.post.mockRejectedValue(error);
    const account = accountOf(null);
    renderWithAccount(<EmailChangeConfirmation />, account, '/?confirm_email=bad');
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(account.refresh).not.toHaveBeenCalled();
  });

  it('closes with its button, and shows nothing without a token', async () => {
    const user = userEvent.setup();
    mockedApi.post.mockResolvedValue({ status: 'ok' });
    renderWithAccount(<EmailChangeConfirmation />, accountOf(null), '/?confirm_email=tok-2');
    await screen.findByText('Your new email address is confirmed and now in use.');
    await user.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByTestId('email-change-confirmation')).toBeNull());

    renderWithAccount(<EmailChangeConfirmation />, accountOf(null), '/videos');
    expect(screen.queryByTestId('email-change-confirmation')).toBeNull();
  });
});
