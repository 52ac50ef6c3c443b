import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PlaydateExtendOffer } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import type * as Realtime from '@/lib/realtime';
import { getPopupStates, resetPopups } from '@/components/popups/popup-store';
import { api } from '@/lib/http';
import { setAccessToken } from '@/lib/storage';
import { serverError } from '@/test/fake-api';
import { resetRealtime } from '@/test/fake-realtime';
import type { ApiMock } from '@/test/render-app';
import { fakeSite, profileFixture, renderApp } from '@/test/render-app';
import { resetPlaydateFeedbackTrigger } from './feedback-trigger';
import { FAR_FUTURE, extendOfferFixture, playdateFixture, statusFixture } from './test/fixtures';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
vi.mock('@/lib/realtime', async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  ...(await import('@/test/fake-realtime')),
}));

const mockedApi = api as unknown as ApiMock;
const posts = () => mockedApi.post.mock.calls.filter(([p]) => p === '/playdates/private/extend/5');

function premium(offer: () => PlaydateExtendOffer, extend: (body: unknown) => unknown = () => playdateFixture({ status: 'live', extensions: 1 })) {
  setAccessToken('member-token');
  const now = Math.floor(Date.now() / 1000);
  fakeSite(mockedApi, {
    get: {
      '/user/profile': () => profileFixture({ premium_until: FAR_FUTURE, coins: 150 }),
      '/playdates/private/extend/5': offer,
      '/playdates/private/status/5': () => statusFixture({ status: 'finished', extendable_until: now + 115, expires_at: null }),
      '/playdates/feedback': () => ({ items: [{ playdate_id: 5, model: playdateFixture().model, ended_at: now - 5, duration_minutes: 15 }] }),
    },
    post: { '/playdates/private/extend/5': extend },
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
  resetRealtime();
  resetPlaydateFeedbackTrigger();
});
afterEach(() => setAccessToken(null));

describe('/playdates/extend-playdate/{id}', () => {
  it('offers the extensions with their coins and availability, counts down, and extends into the private room', async () => {
    const user = userEvent.setup();
    premium(() => extendOfferFixture());
    const { location } = renderApp('/playdates/extend-playdate/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Private Playdate has finished' })).toBeTruthy();
    expect(document.title).toContain('Your Private Playdate has finished');
    expect(screen.getByText('Would you like more time with Ava?')).toBeTruthy();
    expect(screen.getByTestId('extend-countdown').textContent).toMatch(/^You can extend for another 1:5\d\.$/);
    expect(screen.getByTestId('extend-balance').textContent).toBe('Your balance: 150 coins');
    const options = screen.getByRole('group', { name: 'Extend by' });
    expect((within(options).getByRole('radio', { name: '+5 minutes for 100 coins' }) as HTMLInputElement).checked).toBe(true);
    expect((within(options).getByRole('radio', { name: /\+30 minutes for 600 coins/ }) as HTMLInputElement).disabled).toBe(true);
    expect(options.textContent).toContain('Not possible: her next playdate follows');

    await user.click(screen.getByRole('button', { name: 'Extend' }));
    await waitFor(() => expect(location().pathname).toBe('/private-playdate/5'));
    const [, body, options2] = posts()[0]!;
    expect(body).toEqual({ duration: 5 });
    expect((options2 as { headers: Record<string, string> }).headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{20,}$/i);
  });

  it('too few coins for the chosen extension: the buy-coins popup, nothing sent', async () => {
    const user = userEvent.setup();
    premium(() => extendOfferFixture());
    renderApp('/playdates/extend-playdate/5');
    await user.click(await screen.findByRole('radio', { name: '+10 minutes for 200 coins' }));
    await user.click(screen.getByRole('button', { name: 'Extend' }));
    await waitFor(() => expect(getPopupStates()['buy-coins']?.show).toBe(true));
    expect(posts()).toHaveLength(0);
  });

  it('the server says the coins ran short: the buy-coins popup', async () => {
    const user = userEvent.setup();
    premium(
      () => extendOfferFixture({ balance: 1000 }),
      () => {
        throw serverError(422, 'Not enough coins', { code: 'INSUFFICIENT_COINS' });
      },
    );
    renderApp('/playdates/extend-playdate/5');
    await user.click(await screen.findByRole('button', { name: 'Extend' }));
    await waitFor(() => expect(getPopupStates()['buy-coins']?.show).toBe(true));
    expect(screen.getByTestId('extend-notice').textContent).toBe('You do not have enough coins for this extension.');
  });

  it('closed: says so, links back to /playdates and asks for feedback', async () => {
    premium(() => extendOfferFixture({ open_until: null }));
    renderApp('/playdates/extend-playdate/5');
    expect(await screen.findByText('The time to extend has passed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Extend' })).toBeNull();
    expect(await screen.findByTestId('playdate-feedback-popup')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'How was your playdate with Ava?' })).toBeTruthy();
  });

  it('closed while choosing (409 PLAYDATE_EXTENSION_CLOSED): turns to the closed state', async () => {
    const user = userEvent.setup();
    premium(
      () => extendOfferFixture(),
      () => {
        throw serverError(409, 'Closed', { code: 'PLAYDATE_EXTENSION_CLOSED' });
      },
    );
    renderApp('/playdates/extend-playdate/5');
    await user.click(await screen.findByRole('button', { name: 'Extend' }));
    expect(await screen.findByText('The time to extend has passed')).toBeTruthy();
    await waitFor(() => expect(getPopupStates()['playdate-feedback']?.show).toBe(true));
  });
});
