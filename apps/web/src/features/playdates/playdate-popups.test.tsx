import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PlaydateFeedbackAsks } from '@velora/shared';
import { PLAYDATE_EVENTS } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import type * as Realtime from '@/lib/realtime';
import { getPopupStates, resetPopups, showPopup } from '@/components/popups/popup-store';
import { api } from '@/lib/http';
import { setAccessToken } from '@/lib/storage';
import { emit, resetRealtime } from '@/test/fake-realtime';
import type { ApiMock } from '@/test/render-app';
import { fakeSite, profileFixture, renderApp } from '@/test/render-app';
import { resetPlaydateFeedbackTrigger } from './feedback-trigger';
import { FAR_FUTURE, NOW, playdateFixture, playdateModelFixture, publicPlaydateFixture, statusFixture } from './test/fixtures';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
vi.mock('@/lib/realtime', async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  ...(await import('@/test/fake-realtime')),
}));

const mockedApi = api as unknown as ApiMock;
const calls = (method: 'get' | 'post', path: string) => mockedApi[method].mock.calls.filter(([p]) => p === path);
const ask = (id = 5, name = 'Ava'): PlaydateFeedbackAsks['items'][number] => ({ playdate_id: id, model: { ...playdateModelFixture, name }, ended_at: NOW, duration_minutes: 15 });

function member(asks: { items: PlaydateFeedbackAsks['items'] }) {
  setAccessToken('member-token');
  fakeSite(mockedApi, {
    get: {
      '/user/profile': () => profileFixture({ premium_until: FAR_FUTURE }),
      '/playdates/feedback': () => asks,
      '/playdates/feedback/close/5': () => ({}),
    },
    post: { '/playdates/feedback/5': () => ({}) },
  });
  return asks;
}

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
  resetRealtime();
  resetPlaydateFeedbackTrigger();
});
afterEach(() => setAccessToken(null));

describe('playdate-feedback', () => {
  it('opens at start when a playdate waits for a rating, and sends stars and a message', async () => {
    const user = userEvent.setup();
    member({ items: [ask()] });
    renderApp('/netiquette');
    const popup = await screen.findByTestId('playdate-feedback-popup');
    expect(within(popup).getByRole('heading', { name: 'How was your playdate with Ava?' })).toBeTruthy();
    await user.click(within(popup).getByRole('button', { name: 'Send' }));
    expect(within(popup).getByText('Please choose from 1 to 5 stars.')).toBeTruthy();
    expect(calls('post', '/playdates/feedback/5')).toHaveLength(0);
    await user.click(within(popup).getByRole('radio', { name: '4 stars' }));
    await user.type(within(popup).getByRole('textbox', { name: 'Anything you want to tell us? (optional)' }), 'Lovely');
    await user.click(within(popup).getByRole('button', { name: 'Send' }));
    expect(await within(popup).findByText('Thank you for your feedback!')).toBeTruthy();
    expect(calls('post', '/playdates/feedback/5')[0]?.[1]).toEqual({ rating: 4, message: 'Lovely' });
  });

  it('"Not now" tells the server and closes', async () => {
    const user = userEvent.setup();
    member({ items: [ask()] });
    renderApp('/netiquette');
    const popup = await screen.findByTestId('playdate-feedback-popup');
    await user.click(within(popup).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByTestId('playdate-feedback-popup')).toBeNull());
    expect(calls('get', '/playdates/feedback/close/5')).toHaveLength(1);
  });

  it('nothing to rate at start: no popup; when his playdate ends, it is asked again', async () => {
    const asks = member({ items: [] });
    renderApp('/netiquette');
    await waitFor(() => expect(calls('get', '/playdates/feedback')).toHaveLength(1));
    expect(getPopupStates()['playdate-feedback']).toBeUndefined();
    asks.items = [ask()];
    act(() => emit(PLAYDATE_EVENTS.status, { playdate: playdateFixture({ status: 'finished' }), status: statusFixture({ status: 'finished', extendable_until: null }) }));
    expect(await screen.findByTestId('playdate-feedback-popup')).toBeTruthy();
  });
});

describe('playdate-feedback for one playdate', () => {
  it('"Rate this playdate" asks about that playdate, not the newest', async () => {
    const asks = member({ items: [] });
    renderApp('/netiquette');
    await waitFor(() => expect(calls('get', '/playdates/feedback')).toHaveLength(1));
    asks.items = [ask(4, 'Bea'), ask(5, 'Ava')];
    act(() => showPopup('playdate-feedback', { playdate_id: 5 }));
    const popup = await screen.findByTestId('playdate-feedback-popup');
    expect(within(popup).getByRole('heading', { name: 'How was your playdate with Ava?' })).toBeTruthy();
  });
});

describe('the playdate reminder', () => {
  it('shows a toast with a link into the room, and can be dismissed', async () => {
    const user = userEvent.setup();
    member({ items: [] });
    renderApp('/netiquette');
    await waitFor(() => expect(calls('get', '/playdates/feedback')).toHaveLength(1));
    act(() => emit(PLAYDATE_EVENTS.reminder, publicPlaydateFixture(3, { title: 'Dance night' })));
    const toast = await screen.findByTestId('playdate-reminder');
    expect(toast.textContent).toMatch(/^“Dance night” with Ava starts /);
    expect(within(toast).getByRole('link', { name: 'Go to the room' }).getAttribute('href')).toBe('/public-playdate/3');
    await user.click(within(toast).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('playdate-reminder')).toBeNull();
  });
});
