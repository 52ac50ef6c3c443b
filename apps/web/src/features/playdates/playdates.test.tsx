import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Playdate, Profile } from '@velora/shared';
import { PLAYDATE_EVENTS } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import type * as Realtime from '@/lib/realtime';
import { getPopupStates, resetPopups } from '@/components/popups/popup-store';
import { api } from '@/lib/http';
import { setAccessToken, setLanguage } from '@/lib/storage';
import { serverError } from '@/test/fake-api';
import { emit, resetRealtime } from '@/test/fake-realtime';
import type { ApiMock, FakeRoutes } from '@/test/render-app';
import { fakeSite, profileFixture, renderApp } from '@/test/render-app';
import { resetPlaydateFeedbackTrigger } from './feedback-trigger';
import { FAR_FUTURE, NOW, playdateCameraFixture, playdateCameraListFixture, playdateFixture, publicPlaydateFixture, statusFixture } from './test/fixtures';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
vi.mock('@/lib/realtime', async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  ...(await import('@/test/fake-realtime')),
}));

const mockedApi = api as unknown as ApiMock;
const calls = (method: 'get' | 'post' | 'delete', path: string) => mockedApi[method].mock.calls.filter(([p]) => p === path);
const premium = (overrides: Partial<Profile> = {}) => profileFixture({ premium_until: FAR_FUTURE, coins: 500, ...overrides });

interface Lists {
  public: Playdate[];
  mine: Playdate[];
}

function member(profile: Profile, lists: Partial<Lists> = {}, routes: FakeRoutes = {}) {
  setAccessToken('member-token');
  const state: Lists = { public: [], mine: [], ...lists };
  fakeSite(mockedApi, {
    get: {
      '/user/profile': () => profile,
      '/playdates/public/list': () => ({ items: state.public }),
      '/playdates/private/list': () => ({ items: state.mine }),
      '/playdates/private/cameras': (query) => {
        const page = Number((query as { page?: number } | undefined)?.page ?? 1);
        return playdateCameraListFixture([playdateCameraFixture(page * 10 + 1, { live: true }), playdateCameraFixture(page * 10 + 2, { next_slot: null })], page, 2);
      },
      ...routes.get,
    },
    post: { ...routes.post },
    delete: { ...routes.delete },
  });
  return state;
}

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
  resetRealtime();
  resetPlaydateFeedbackTrigger();
});
afterEach(() => setAccessToken(null));

describe('/playdates', () => {
  it('shows live shows with Join, upcoming shows with a reminder toggle, the models with price, durations and Request', async () => {
    member(premium(), { public: [publicPlaydateFixture(1, { status: 'live', title: 'Sunset yoga', starts_at: NOW - 600, ends_at: NOW + 1200 }), publicPlaydateFixture(2, { title: 'Dance night' })] });
    renderApp('/playdates');
    expect(await screen.findByRole('heading', { level: 1, name: 'Playdates' })).toBeTruthy();

    const live = screen.getByTestId('playdates-live');
    expect(await within(live).findByRole('heading', { name: 'Sunset yoga' })).toBeTruthy();
    expect(within(live).getByText('Live')).toBeTruthy();
    expect(within(live).getByRole('link', { name: 'Join Sunset yoga with Ava' }).getAttribute('href')).toBe('/public-playdate/1');

    const upcoming = screen.getByTestId('playdates-upcoming');
    expect(within(upcoming).getByRole('heading', { name: 'Dance night' })).toBeTruthy();
    expect(within(upcoming).getByRole('button', { name: 'Remind me of Dance night' }).getAttribute('aria-pressed')).toBe('false');
    expect(within(upcoming).queryByRole('link', { name: /Join/ })).toBeNull();

    const models = screen.getByTestId('playdates-cameras');
    const cards = await within(models).findAllByTestId('playdate-camera');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('20 coins per minute')).toBeTruthy();
    expect(within(cards[0]!).getByText('Durations: 10, 15, 30 min')).toBeTruthy();
    expect(within(cards[0]!).getByText('Live')).toBeTruthy();
    expect(within(cards[0]!).getByText(/^Next free: /)).toBeTruthy();
    expect(within(cards[1]!).getByText('No free time in the next days')).toBeTruthy();
    expect(within(cards[0]!).getByRole('link', { name: 'Request a private playdate with Model 11' }).getAttribute('href')).toBe('/playdates/request-private-playdate/11');
    expect(screen.getByText(/^Times are shown in your time zone: /)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Netiquette' }).getAttribute('href')).toBe('/netiquette');
    expect(screen.getByRole('link', { name: 'Playdate FAQ' }).getAttribute('href')).toBe('/playdate-faq');
  });

  it('ends with the last week\'s shows, each with the link to read its chat again', async () => {
    member(premium(), {
      public: [
        publicPlaydateFixture(2, { title: 'Dance night' }),
        publicPlaydateFixture(3, { status: 'finished', title: 'Morning coffee', starts_at: NOW - 90_000, ends_at: NOW - 88_200, replay_path: '/playdate-chat-replay?token=abc.def' }),
      ],
    });
    renderApp('/playdates');
    const recent = await screen.findByTestId('playdates-recent');
    expect(within(recent).getByRole('heading', { level: 2, name: 'Recent shows' })).toBeTruthy();
    expect(within(recent).getByRole('heading', { name: 'Morning coffee' })).toBeTruthy();
    expect(within(recent).getByRole('link', { name: 'Read the chat of “Morning coffee”' }).getAttribute('href')).toBe('/playdate-chat-replay?token=abc.def');
    expect(within(screen.getByTestId('playdates-upcoming')).queryByText('Morning coffee')).toBeNull();
  });

  it('has no recent shows section when there was none', async () => {
    member(premium(), { public: [publicPlaydateFixture(2, { title: 'Dance night' })] });
    renderApp('/playdates');
    await screen.findByTestId('playdates-upcoming');
    await within(screen.getByTestId('playdates-upcoming')).findByRole('heading', { name: 'Dance night' });
    expect(screen.queryByTestId('playdates-recent')).toBeNull();
  });

  it('pages the models by ?page', async () => {
    member(premium());
    renderApp('/playdates?page=2');
    const models = await screen.findAllByTestId('playdate-camera');
    expect(within(models[0]!).getByRole('heading').textContent).toBe('Model 21');
    expect(calls('get', '/playdates/private/cameras').at(-1)?.[1]).toEqual({ page: 2 });
    expect(screen.getByRole('navigation', { name: /pag/i })).toBeTruthy();
  });

  it.each([
    ['en', 'Remind me of Dance night', 'Read the chat of “Morning coffee”'],
    ['de', 'Erinnere mich an Dance night', 'Chat nachlesen: „Morning coffee“'],
    // French needs the french feature on the profile; the every-screen browser test covers it.
  ] as const)('in %s, the reminder chip (set or not) and the replay link show words of their names (axe label-content-name-mismatch)', async (language, remindName, replayName) => {
    setLanguage(language);
    try {
      member(premium(), {
        public: [
          publicPlaydateFixture(2, { title: 'Dance night', reminder: true }),
          publicPlaydateFixture(3, { title: 'Yoga hour' }),
          publicPlaydateFixture(4, { title: 'Morning coffee', status: 'finished', starts_at: NOW - 86_400, ends_at: NOW - 84_600, replay_path: '/playdate-chat-replay?token=abc.def' }),
        ],
      });
      renderApp('/playdates');
      const on = await screen.findByRole('button', { name: remindName });
      const off = screen.getByRole('button', { name: remindName.replace('Dance night', 'Yoga hour') });
      expect(on.getAttribute('aria-pressed')).toBe('true');
      for (const chip of [on, off]) expect(chip.getAttribute('aria-label')!.toLowerCase()).toContain(chip.textContent!.trim().toLowerCase());
      const replay = await screen.findByRole('link', { name: replayName });
      expect(replay.getAttribute('aria-label')!.toLowerCase()).toContain(replay.textContent!.trim().toLowerCase());
    } finally {
      setLanguage(null);
    }
  });

  it('turns a reminder on (GET notification) and off (DELETE), and says so', async () => {
    const user = userEvent.setup();
    member(premium(), { public: [publicPlaydateFixture(2, { title: 'Dance night' })] }, {
      get: { '/playdates/public/notification/2': () => ({ playdate_id: 2, reminder: true }) },
      delete: { '/playdates/public/notification/2': () => ({ playdate_id: 2, reminder: false }) },
    });
    renderApp('/playdates');
    const toggle = await screen.findByRole('button', { name: 'Remind me of Dance night' });
    await user.click(toggle);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remind me of Dance night' }).getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByTestId('playdates-announcement').textContent).toBe('We will remind you of Dance night before it starts.');
    await user.click(screen.getByRole('button', { name: 'Remind me of Dance night' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remind me of Dance night' }).getAttribute('aria-pressed')).toBe('false'));
    expect(calls('delete', '/playdates/public/notification/2')).toHaveLength(1);
  });

  it("lists the member's requests and sessions with their state in words, and cancels a request (coins released)", async () => {
    const user = userEvent.setup();
    const now = Math.floor(Date.now() / 1000);
    const requested = playdateFixture({ id: 5, status: 'requested', expires_at: now + 3600, coins: 300 });
    member(premium(), {
      mine: [
        requested,
        playdateFixture({ id: 6, status: 'live', starts_at: now - 60, ends_at: now + 840 }),
        playdateFixture({ id: 7, status: 'declined', coins: 200 }),
        playdateFixture({ id: 8, status: 'missed', coins: 100 }),
        playdateFixture({ id: 9, status: 'finished', starts_at: now - 7200, ends_at: now - 6300 }),
      ],
    }, { post: { '/playdates/private/5/cancel': () => ({ ...requested, status: 'cancelled' }) } });
    renderApp('/playdates');
    const items = await screen.findAllByTestId('my-playdate');
    expect(items.map((item) => within(item).getByTestId('my-playdate-status').textContent)).toEqual(['Waiting for her answer', 'Live now', 'Declined', 'Missed', 'Finished']);
    expect(items[0]!.textContent).toContain('300 coins are held for this request until she answers.');
    expect(items[0]!.textContent).toMatch(/Expires in (59:\d\d|1:00:00)/);
    expect(within(items[1]!).getByRole('link', { name: 'Enter room' }).getAttribute('href')).toBe('/private-playdate/6');
    expect(items[2]!.textContent).toContain('She declined. The 200 coins held for it were released to your balance.');
    expect(items[3]!.textContent).toContain('She did not come. Your 100 coins were refunded.');
    expect(within(items[4]!).getByRole('button', { name: 'Rate this playdate' })).toBeTruthy();

    await user.click(within(items[0]!).getByRole('button', { name: 'Cancel the playdate with Ava' }));
    const dialog = await screen.findByTestId('playdate-cancel-dialog');
    expect(dialog.textContent).toContain('The 300 coins held for it go back to your balance.');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));
    await waitFor(() => expect(screen.getByTestId('playdates-announcement').textContent).toBe('Cancelled. The 300 coins held for it are back in your balance.'));
    expect(calls('post', '/playdates/private/5/cancel')).toHaveLength(1);
  });

  it('follows a status event of his playdate without a reload', async () => {
    const state = member(premium(), { mine: [playdateFixture({ id: 5, status: 'requested' })] });
    renderApp('/playdates');
    expect((await screen.findByTestId('my-playdate-status')).textContent).toBe('Waiting for her answer');
    state.mine = [playdateFixture({ id: 5, status: 'scheduled', starts_at: NOW + 3600, ends_at: NOW + 4500 })];
    emit(PLAYDATE_EVENTS.status, { playdate: state.mine[0], status: statusFixture({ status: 'scheduled' }) });
    await waitFor(() => expect(screen.getByTestId('my-playdate-status').textContent).toBe('Accepted'));
    expect(screen.getByTestId('playdates-announcement').textContent).toBe('With Ava: Accepted');
  });

  it('shows the two explanation blocks when the settings say so, and hides them for good', async () => {
    const user = userEvent.setup();
    member(premium({ settings: { playdate_block: true, upcoming_playdate_block: true } }), {}, {
      post: { '/user/playdate_description_block_hidden': () => ({ status: 'ok' }), '/user/upcoming_playdate_block_hidden': () => ({ status: 'ok' }) },
    });
    renderApp('/playdates');
    expect(await screen.findByRole('heading', { name: 'How playdates work' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Hide this explanation' }));
    await waitFor(() => expect(screen.queryByTestId('playdates-description')).toBeNull());
    expect(calls('post', '/user/playdate_description_block_hidden')[0]?.[1]).toEqual({ hideDescriptionBlock: true });
    await user.click(screen.getByRole('button', { name: 'Hide this tip' }));
    await waitFor(() => expect(screen.queryByTestId('playdates-upcoming-tip')).toBeNull());
    expect(calls('post', '/user/upcoming_playdate_block_hidden')[0]?.[1]).toEqual({ hide: true });
  });

  it('hides the blocks when the settings say so', async () => {
    member(premium());
    renderApp('/playdates');
    await screen.findByRole('heading', { level: 1, name: 'Playdates' });
    expect(screen.queryByTestId('playdates-description')).toBeNull();
    expect(screen.queryByTestId('playdates-upcoming-tip')).toBeNull();
  });

  it('a member without premium sees everything, and Join and Request open the playdate-forbiddance popup', async () => {
    const user = userEvent.setup();
    member(profileFixture(), { public: [publicPlaydateFixture(1, { status: 'live', title: 'Sunset yoga', starts_at: NOW - 600 })] });
    const { location } = renderApp('/playdates');
    await user.click(await screen.findByRole('button', { name: 'Join Sunset yoga with Ava' }));
    const popup = await screen.findByTestId('playdate-forbiddance-popup');
    expect(within(popup).getByRole('heading', { name: 'Playdates are for premium members' })).toBeTruthy();
    expect(within(popup).getByRole('link', { name: 'Become premium' }).getAttribute('href')).toBe('/paywall');
    await user.click(within(popup).getByRole('button', { name: 'Not now' }));
    const [card] = await screen.findAllByTestId('playdate-camera');
    await user.click(within(card!).getByRole('button', { name: 'Request a private playdate with Model 11' }));
    await waitFor(() => expect(getPopupStates()['playdate-forbiddance']?.show).toBe(true));
    expect(location().pathname).toBe('/playdates');
  });

  it('says when there is nothing, and offers a retry when the lists fail', async () => {
    member(premium(), {}, {
      get: {
        '/playdates/private/cameras': () => playdateCameraListFixture([]),
        '/playdates/public/list': () => {
          throw serverError(503, 'Down');
        },
      },
    });
    renderApp('/playdates');
    expect(await screen.findByText('No model takes private requests right now.')).toBeTruthy();
    expect(screen.getByText('You have not requested a private playdate yet. Pick a model below.')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Playdates could not be loaded' })).toBeTruthy();
  });
});
