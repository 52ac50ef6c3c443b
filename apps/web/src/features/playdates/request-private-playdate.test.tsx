import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PlaydateQuote, PlaydateRequestCheck, PlaydateStatusView, PrivatePlaydateOffer } from '@velora/shared';
import { PLAYDATE_EVENTS } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import type * as Realtime from '@/lib/realtime';
import { getPopupStates, resetPopups } from '@/components/popups/popup-store';
import { api } from '@/lib/http';
import { setAccessToken } from '@/lib/storage';
import { serverError } from '@/test/fake-api';
import { emit, resetRealtime, setConnected } from '@/test/fake-realtime';
import type { ApiMock } from '@/test/render-app';
import { fakeSite, profileFixture, renderApp } from '@/test/render-app';
import { STATUS_POLL_MS } from './components/waiting-view';
import { resetPlaydateFeedbackTrigger } from './feedback-trigger';
import { FAR_FUTURE, NOW, offerFixture, playdateFixture, quoteFixture, statusFixture } from './test/fixtures';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
vi.mock('@/lib/realtime', async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  ...(await import('@/test/fake-realtime')),
}));

const mockedApi = api as unknown as ApiMock;
const posts = () => mockedApi.post.mock.calls.filter(([p]) => p === '/playdates/private/request/1');
const quoteCalls = () => mockedApi.get.mock.calls.filter(([p]) => p === '/playdates/private/request/1');

interface Server {
  check: PlaydateRequestCheck | (() => never);
  offer: PrivatePlaydateOffer;
  quote: (duration: number) => PlaydateQuote;
  request: (body: unknown) => unknown;
  status: () => PlaydateStatusView;
}

function premium(server: Partial<Server> = {}) {
  setAccessToken('member-token');
  const state: Server = {
    check: { allowed: true, refusal: null, pending: null },
    offer: offerFixture(),
    quote: (duration) => quoteFixture(duration),
    request: () => playdateFixture({ id: 5, status: 'requested', duration_minutes: 15, coins: 300 }),
    status: () => statusFixture({ status: 'requested' }),
    ...server,
  };
  fakeSite(mockedApi, {
    get: {
      '/user/profile': () => profileFixture({ premium_until: FAR_FUTURE, coins: 500 }),
      '/playdates/private/request/check/1': () => (typeof state.check === 'function' ? state.check() : state.check),
      '/playdates/private/camera/1': () => state.offer,
      '/playdates/private/request/1': (query) => state.quote(Number((query as { duration: number }).duration)),
      '/playdates/private/status/5': () => state.status(),
      '/playdates/private/list': () => ({ items: [] }),
    },
    post: { '/playdates/private/request/1': (body) => state.request(body) },
  });
  return state;
}

const refusal = (kind: PlaydateRequestCheck['refusal'], pending: PlaydateRequestCheck['pending'] = null): PlaydateRequestCheck => ({ allowed: false, refusal: kind, pending });

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
  resetRealtime();
  resetPlaydateFeedbackTrigger();
});
afterEach(() => {
  vi.useRealTimers();
  setAccessToken(null);
});

describe('/playdates/request-private-playdate/{id}', () => {
  it('quotes a duration, groups her free starts by day in the member’s zone, and requests with an Idempotency-Key', async () => {
    const user = userEvent.setup();
    premium();
    renderApp('/playdates/request-private-playdate/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Private playdate with Ava' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('request-price').textContent).toBe('10 minutes × 20 coins per minute = 200 coins'));
    expect(screen.getByTestId('request-balance').textContent).toBe('500 coins');

    const when = screen.getByRole('combobox', { name: 'When should it start?' }) as HTMLSelectElement;
    expect(when.value).toBe('asap');
    const groups = when.querySelectorAll('optgroup');
    expect(groups).toHaveLength(2);
    expect(groups[0]!.querySelectorAll('option')).toHaveLength(2);
    expect(screen.getByText(/Times are shown in your time zone: /)).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: /15 minutes/ }));
    await waitFor(() => expect(screen.getByTestId('request-price').textContent).toBe('15 minutes × 20 coins per minute = 300 coins'));
    expect(new Set(quoteCalls().map(([, query]) => (query as { duration: number }).duration))).toEqual(new Set([10, 15]));
    await user.selectOptions(when, String(NOW + 4500));
    await user.type(screen.getByRole('textbox', { name: 'A message to her (optional)' }), 'Looking forward!');
    await user.click(screen.getByRole('button', { name: 'Request for 300 coins' }));

    await waitFor(() => expect(posts()).toHaveLength(1));
    const [, body, options] = posts()[0]!;
    expect(body).toEqual({ duration: 15, starts_at: NOW + 4500, price_per_minute: 20, message: 'Looking forward!' });
    expect((options as { headers: Record<string, string> }).headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{20,}$/i);

    const popup = await screen.findByTestId('playdate-request-success-popup');
    expect(popup.textContent).toContain('Your request went to Ava. 300 coins are held until she answers.');
    expect(await screen.findByTestId('request-waiting')).toBeTruthy();
    expect(screen.getByTestId('waiting-status').textContent).toBe('Waiting for Ava to answer.');

    // product §3's playdate events: the form was offered (ask), then the request was sent.
    const tracked = mockedApi.post.mock.calls.filter(([p]) => p === '/track').map(([, b]) => b as { name: string; properties: Record<string, unknown> });
    expect(tracked.map((e) => e.name)).toEqual(['playdate_ask', 'playdate_request']);
    expect(tracked[1]!.properties).toMatchObject({ playdate_id: 5, duration: 15, coins: 300 });
  });

  it('follows the answer live: accepted with its start, then live with the way into the room', async () => {
    const user = userEvent.setup();
    premium();
    renderApp('/playdates/request-private-playdate/1');
    await user.click(await screen.findByRole('button', { name: 'Request for 200 coins' }));
    await screen.findByTestId('request-waiting');
    await user.click(within(await screen.findByTestId('playdate-request-success-popup')).getByRole('button', { name: 'OK' }));
    const now = Math.floor(Date.now() / 1000);
    const accepted = playdateFixture({ status: 'scheduled', starts_at: now + 600 });
    act(() => emit(PLAYDATE_EVENTS.status, { playdate: accepted, status: statusFixture({ status: 'scheduled', starts_at: now + 600, expires_at: null }) }));
    await waitFor(() => expect(screen.getByTestId('waiting-status').textContent).toMatch(/^Ava accepted! Your playdate starts /));
    expect(screen.getByTestId('waiting-countdown').textContent).toMatch(/^Starts in (9:5\d|10:00)\.$/);
    // Another playdate's event changes nothing.
    act(() => emit(PLAYDATE_EVENTS.status, { playdate: { ...accepted, id: 99 }, status: statusFixture({ id: 99, status: 'declined' }) }));
    act(() => emit(PLAYDATE_EVENTS.status, { playdate: accepted, status: statusFixture({ status: 'live', starts_at: now, model_present: true }) }));
    await waitFor(() => expect(screen.getByTestId('waiting-status').textContent).toBe('Your playdate with Ava is live.'));
    expect(screen.getByRole('link', { name: 'Enter the room' }).getAttribute('href')).toBe('/private-playdate/5');
  });

  it('polls the status while the realtime channel is down, and says a decline released the coins', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const state = premium();
    setConnected(false);
    renderApp('/playdates/request-private-playdate/1');
    await user.click(await screen.findByRole('button', { name: 'Request for 200 coins' }));
    await screen.findByTestId('request-waiting');
    await user.click(within(await screen.findByTestId('playdate-request-success-popup')).getByRole('button', { name: 'OK' }));
    state.status = () => statusFixture({ status: 'declined', expires_at: null });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(STATUS_POLL_MS + 100);
    });
    await waitFor(() => expect(screen.getByTestId('waiting-status').textContent).toBe('Ava declined your request. The 300 coins held for it were released to your balance.'));
    expect(screen.getByRole('button', { name: 'Send a new request' })).toBeTruthy();
  });

  it('a changed price or a taken start refreshes the quote and says so; nothing is held', async () => {
    const user = userEvent.setup();
    let answers = 0;
    const state = premium({
      request: () => {
        answers += 1;
        throw serverError(409, 'Changed', { code: answers === 1 ? 'PLAYDATE_PRICE_CHANGED' : 'PLAYDATE_SLOT_TAKEN' });
      },
    });
    renderApp('/playdates/request-private-playdate/1');
    const button = await screen.findByRole('button', { name: 'Request for 200 coins' });
    // Her new price, as the refreshed quote will say.
    state.quote = (duration) => quoteFixture(duration, { price_per_minute: 25, coins: duration * 25 });
    await user.click(button);
    expect(await screen.findByText('Her price has just changed. Please check the new price and send again.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('request-price').textContent).toBe('10 minutes × 25 coins per minute = 250 coins'));
    await user.click(screen.getByRole('button', { name: 'Request for 250 coins' }));
    expect(await screen.findByText('That time was just taken. Please pick another one.')).toBeTruthy();
    expect(posts()[1]![1]).toMatchObject({ price_per_minute: 25 });
    expect(quoteCalls().length).toBeGreaterThanOrEqual(3);
    expect(screen.queryByTestId('request-waiting')).toBeNull();
  });

  it('too few coins: says so and opens the buy-coins popup instead of sending', async () => {
    const user = userEvent.setup();
    premium({ quote: (duration) => quoteFixture(duration, { balance: 50, can_afford: false }) });
    renderApp('/playdates/request-private-playdate/1');
    expect(await screen.findByTestId('request-short')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Request for 200 coins' }));
    await waitFor(() => expect(getPopupStates()['buy-coins']?.show).toBe(true));
    expect(posts()).toHaveLength(0);
  });

  it('no free start for a duration: says so and cannot send', async () => {
    premium({ quote: (duration) => quoteFixture(duration, { slots: [], asap: false }) });
    renderApp('/playdates/request-private-playdate/1');
    expect((await screen.findByTestId('no-slots')).textContent).toContain('She has no free time for this duration');
    expect((screen.getByRole('button', { name: 'Request for 200 coins' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('refusal not_premium: the playdate-forbiddance popup and the way to the paywall', async () => {
    premium({ check: refusal('not_premium') });
    renderApp('/playdates/request-private-playdate/1');
    expect(await screen.findByText('Private playdates are for premium members.')).toBeTruthy();
    await waitFor(() => expect(getPopupStates()['playdate-forbiddance']).toEqual({ show: true, data: { reason: 'not_premium' } }));
    expect(quoteCalls()).toHaveLength(0);
  });

  it('refusal blocked: the forbiddance popup says it in plain words', async () => {
    premium({ check: refusal('blocked') });
    renderApp('/playdates/request-private-playdate/1');
    const popup = await screen.findByTestId('playdate-forbiddance-popup');
    expect(within(popup).getByText('This model does not accept playdates with you. Please choose another model.')).toBeTruthy();
    expect(within(popup).queryByRole('link', { name: 'Become premium' })).toBeNull();
  });

  it('refusal law_limited (or a 451): the law-limitation popup', async () => {
    premium({ check: refusal('law_limited') });
    renderApp('/playdates/request-private-playdate/1');
    expect(await screen.findByText('Private playdates are not available in your country.')).toBeTruthy();
    await waitFor(() => expect(getPopupStates()['law-limitation']?.show).toBe(true));
  });

  it('refusal pending_request: shows the waiting request instead of a new form', async () => {
    premium({ check: refusal('pending_request', playdateFixture({ id: 5, status: 'requested' })) });
    renderApp('/playdates/request-private-playdate/1');
    expect((await screen.findByTestId('waiting-status')).textContent).toBe('Waiting for Ava to answer.');
    expect(screen.getByRole('button', { name: 'Cancel request' })).toBeTruthy();
    expect(quoteCalls()).toHaveLength(0);
  });

  it('she takes no requests now: says so', async () => {
    premium({ offer: offerFixture({ available: false }) });
    renderApp('/playdates/request-private-playdate/1');
    expect(await screen.findByText('Ava does not take private playdate requests right now.')).toBeTruthy();
  });

  it('an unknown camera: no such model, with the way back', async () => {
    premium({
      check: () => {
        throw serverError(404, 'No such camera');
      },
    });
    renderApp('/playdates/request-private-playdate/1');
    expect(await screen.findByRole('heading', { name: 'No such model' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to playdates' }).getAttribute('href')).toBe('/playdates');
  });
});
