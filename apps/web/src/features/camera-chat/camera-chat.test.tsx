import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatMessage, ChatRoom, ChatSession } from '@velora/shared';
import { REALTIME_CHAT_EVENTS, REALTIME_MONEY_EVENTS, REALTIME_ROOM_EVENTS } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import type * as Realtime from '@/lib/realtime';
import { getPopupStates, hidePopup, resetPopups, showPopup } from '@/components/popups/popup-store';
import { XSS_PAYLOADS, chatMessageFixture as message } from '@/entities/chat/testing/chat-fixtures';
import { api } from '@/lib/http';
import { setAccessToken } from '@/lib/storage';
import { serverError } from '@/test/fake-api';
import type { ApiMock, FakeRoutes } from '@/test/render-app';
import { fakeSite, profileFixture, renderApp } from '@/test/render-app';
import { answerAcks, emit, emittedWithAck, joinedRooms, resetRealtime } from '@/test/fake-realtime';
import { chatRoomFixture, chatSessionFixture } from './test/fixtures';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
vi.mock('@/lib/realtime', async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  ...(await import('@/test/fake-realtime')),
}));
// The player needs WebRTC and media APIs jsdom lacks; its own tests cover it. Here: what the screen hands it.
vi.mock('@/features/cameras/components/live-player', () => ({
  LivePlayer: ({ name, live, label }: { name: string; live: boolean; label: string }) => <div data-testid="live-player" data-name={name} data-live={String(live)} aria-label={label} />,
}));

const mockedApi = api as unknown as ApiMock;
const posts = (path: string) => mockedApi.post.mock.calls.filter(([p]) => p === path);
const leaves = () => posts('/cameras/ava/chat/session/end').map(([, body]) => (body as { code: number }).code);

interface Server {
  room: ChatRoom;
  history: (before: number | undefined) => { messages: ChatMessage[]; has_more: boolean };
  enter: (body: unknown) => ChatSession;
  leave: (body: { code: number }) => ChatSession;
}

function member(server: Partial<Server> = {}, routes: FakeRoutes = {}, coins = 250) {
  setAccessToken('member-token');
  const state: Server = {
    room: chatRoomFixture(),
    history: () => ({ messages: [], has_more: false }),
    enter: (body) => chatSessionFixture({ kind: (body as { kind: 'free' | 'paid' }).kind }),
    leave: ({ code }) => chatSessionFixture({ state: 'ended', end_code: code }),
    ...server,
  };
  fakeSite(mockedApi, {
    get: {
      '/user/profile': () => profileFixture({ coins }),
      '/cameras/ava/chat': () => state.room,
      '/cameras/ava/chat/messages': (query) => state.history((query as { before?: string | null } | undefined)?.before ? Number((query as { before: string }).before) : undefined),
      '/cameras': () => ({ cameras: [], params: { page: 1, filters: [], order: 'popular' }, total: 0, live_total: 0, per_page: 24, pages: 1 }),
      '/cameras/tags': () => ({ tags: [] }),
      '/cameras/ava/feedback': () => ({ ask: true }),
      '/cameras/ava': () => {
        throw serverError(404, 'No such camera');
      },
      ...routes.get,
    },
    post: {
      '/cameras/ava/chat/session': (body) => state.enter(body),
      '/cameras/ava/chat/session/end': (body) => state.leave(body as { code: number }),
      '/auth/logout': () => ({}),
      ...routes.post,
    },
  });
  return state;
}

const inSession = (overrides: Partial<ChatSession> = {}) => chatRoomFixture({ session: chatSessionFixture(overrides) });
const log = () => screen.getByRole('log', { name: 'Messages in the chat with Ava' });
const logTexts = () => within(log()).queryAllByTestId('chat-message').map((li) => li.textContent ?? '');
const sessionEvent = (session: Partial<ChatSession>, balance = 200) => emit(REALTIME_CHAT_EVENTS.session, { session: chatSessionFixture(session), balance });

beforeEach(async () => {
  // The screen of the test before decides what its leaving means a tick after it is gone (a 102): let that pass first.
  await new Promise((resolve) => setTimeout(resolve, 0));
  vi.clearAllMocks();
  resetPopups();
  resetRealtime();
});
afterEach(() => {
  vi.useRealTimers();
  setAccessToken(null);
});

describe('/chat/{name} before entering', () => {
  it('shows the live video, the price and the balance, and enters at the price shown with an Idempotency-Key', async () => {
    const user = userEvent.setup();
    member();
    const { location } = renderApp('/chat/ava');
    expect(await screen.findByRole('heading', { level: 1, name: 'Paid chat with Ava' })).toBeTruthy();
    expect(screen.getByTestId('live-player').getAttribute('data-name')).toBe('ava');
    expect(screen.getByTestId('chat-price').textContent).toBe('30 coins per minute');
    expect(screen.getByTestId('chat-balance').textContent).toBe('250 coins');
    expect(joinedRooms.has('chat:1')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Enter paid chat — 30 coins per minute' }));
    const bar = await screen.findByTestId('session-bar');
    const [, body, options] = posts('/cameras/ava/chat/session')[0]!;
    expect(body).toEqual({ kind: 'paid', price_per_minute: 30 });
    expect((options as { headers: Record<string, string> }).headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{20,}$/i);
    expect(within(bar).getByTestId('session-minutes').textContent).toBe('1');
    expect(within(bar).getByTestId('session-coins').textContent).toBe('30');
    expect(within(bar).getByTestId('session-next-charge').textContent).toMatch(/^[01]:\d\d$/);
    expect(joinedRooms.has('chat:1')).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Message to the chat with Ava' })).toBeTruthy();
    expect(location().pathname).toBe('/chat/ava');
  });

  it('free: shows the time left today and enters free chat', async () => {
    const user = userEvent.setup();
    member({ room: chatRoomFixture({ chat_mode: 'free', price_per_minute: null }) });
    renderApp('/free-chat/ava');
    expect((await screen.findByTestId('free-left')).textContent).toBe('Free chat left today: 8:00');
    await user.click(screen.getByRole('button', { name: 'Enter free chat' }));
    const bar = await screen.findByTestId('session-bar');
    expect(posts('/cameras/ava/chat/session')[0]![1]).toEqual({ kind: 'free' });
    expect(within(bar).queryByTestId('session-coins')).toBeNull();
    expect(bar.textContent).toContain('Free chat left');
  });

  it('free chat off for the member (feature freechat): says so and offers the options instead of entering', async () => {
    const user = userEvent.setup();
    const room = chatRoomFixture({ chat_mode: 'free', price_per_minute: null });
    member({ room: { ...room, free: { ...room.free, available: false } } });
    renderApp('/free-chat/ava');
    expect((await screen.findByTestId('free-off')).textContent).toBe('Free chat is not available for your account.');
    expect(screen.queryByRole('button', { name: 'Enter free chat' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'See your options' }));
    await waitFor(() => expect(getPopupStates().freechat?.show).toBe(true));
    expect(posts('/cameras/ava/chat/session')).toHaveLength(0);
  });

  it('a law-limited member (451) is told, with the law-limitation popup', async () => {
    member({}, {
      get: {
        '/cameras/ava/chat': () => {
          throw serverError(451, 'Not available in your country', { code: 'LAW_LIMITED' });
        },
      },
    });
    renderApp('/chat/ava');
    expect(await screen.findByRole('heading', { name: 'Live cam chats are not available in your country.' })).toBeTruthy();
    await waitFor(() => expect(getPopupStates()['law-limitation']?.show).toBe(true));
    expect(posts('/cameras/ava/chat/session')).toEqual([]);
  });

  it('a room in the other mode sends to the other screen and says so', async () => {
    member({ room: chatRoomFixture({ chat_mode: 'paid' }) });
    const { location } = renderApp('/free-chat/ava');
    await waitFor(() => expect(location().pathname).toBe('/chat/ava'));
    await waitFor(() => expect(screen.getByTestId('chat-notice').textContent).toBe('Ava switched to a paid chat.'));
  });

  it('PRICE_CHANGED reloads the room and says so; the next try sends the new price', async () => {
    const user = userEvent.setup();
    const server = member();
    server.enter = () => {
      server.room = chatRoomFixture({ price_per_minute: 40 });
      throw serverError(409, 'The price changed', { code: 'PRICE_CHANGED' });
    };
    renderApp('/chat/ava');
    await user.click(await screen.findByRole('button', { name: 'Enter paid chat — 30 coins per minute' }));
    expect((await screen.findByRole('alert', {}, { timeout: 3000 }).catch(() => screen.getByTestId('chat-notice'))).textContent).toContain('The price has just changed');
    const again = await screen.findByRole('button', { name: 'Enter paid chat — 40 coins per minute' });
    server.enter = (body) => chatSessionFixture({ kind: 'paid', price_per_minute: (body as { price_per_minute: number }).price_per_minute });
    await user.click(again);
    await screen.findByTestId('session-bar');
    const calls = posts('/cameras/ava/chat/session');
    expect(calls.at(-1)![1]).toEqual({ kind: 'paid', price_per_minute: 40 });
    // Two clicks, two attempts: each with its own key.
    const keys = calls.map(([, , options]) => (options as { headers: Record<string, string> }).headers['Idempotency-Key']);
    expect(new Set(keys).size).toBe(2);
  });

  it('INSUFFICIENT_COINS opens the buy-coins popup', async () => {
    const user = userEvent.setup();
    member({
      enter: () => {
        throw serverError(409, 'Not enough coins', { code: 'INSUFFICIENT_COINS' });
      },
    });
    renderApp('/chat/ava');
    await user.click(await screen.findByRole('button', { name: 'Enter paid chat — 30 coins per minute' }));
    await waitFor(() => expect(getPopupStates()['buy-coins']?.show).toBe(true));
    expect(screen.getByTestId('chat-notice').textContent).toContain('Your coins do not cover the first minute.');
    expect(screen.queryByTestId('session-bar')).toBeNull();
  });

  it('FREE_CHAT_USED_UP opens the freechat popup, which offers her paid chat and coins', async () => {
    const user = userEvent.setup();
    member({
      room: chatRoomFixture({ chat_mode: 'free', price_per_minute: 25 }),
      enter: () => {
        throw serverError(409, 'Used up', { code: 'FREE_CHAT_USED_UP' });
      },
    });
    const { location } = renderApp('/free-chat/ava');
    await user.click(await screen.findByRole('button', { name: 'Enter free chat' }));
    const popup = await screen.findByTestId('freechat-popup');
    expect(within(popup).getByRole('heading', { name: "Today's free chat is used up" })).toBeTruthy();
    expect(getPopupStates().freechat?.data).toEqual({ name: 'ava', display_name: 'Ava', price_per_minute: 25 });
    await user.click(within(popup).getByRole('button', { name: 'Buy coins' }));
    await waitFor(() => expect(getPopupStates()['buy-coins']?.show).toBe(true));
    expect(getPopupStates().freechat?.show).toBe(false);

    // The coins popup is closed first: its lazily loaded dialog, still open, would otherwise hide the free-chat popup
    // from assistive technology whenever it mounts after it (as it does on a busy machine).
    act(() => hidePopup('buy-coins'));
    act(() => showPopup('freechat', { name: 'ava', display_name: 'Ava', price_per_minute: 25 }));
    const again = await screen.findByTestId('freechat-popup');
    await user.click(within(again).getByRole('link', { name: 'Paid chat with Ava — 25 coins per minute' }));
    await waitFor(() => expect(location().pathname).toBe('/chat/ava'));
  });

  it('CHAT_MODE_CHANGED sends to the other screen', async () => {
    const user = userEvent.setup();
    member({
      room: chatRoomFixture({ chat_mode: 'free' }),
      enter: () => {
        throw serverError(409, 'Now paid', { code: 'CHAT_MODE_CHANGED' });
      },
    });
    const { location } = renderApp('/free-chat/ava');
    await user.click(await screen.findByRole('button', { name: 'Enter free chat' }));
    await waitFor(() => expect(location().pathname).toBe('/chat/ava'));
  });

  it('a ban is said, before entering and as a refusal', async () => {
    const user = userEvent.setup();
    member({ room: chatRoomFixture({ banned: true }) });
    const first = renderApp('/chat/ava');
    expect((await screen.findByTestId('chat-enter')).textContent).toBe('Ava has banned you from her chat.');
    expect(screen.queryByRole('button', { name: /Enter paid chat/ })).toBeNull();
    first.unmount();

    member({
      enter: () => {
        throw serverError(403, 'Banned', { code: 'CHAT_BANNED' });
      },
    });
    renderApp('/chat/ava');
    await user.click(await screen.findByRole('button', { name: 'Enter paid chat — 30 coins per minute' }));
    await waitFor(() => expect(screen.getByTestId('chat-notice').textContent).toBe('Ava has banned you from her chat.'));
  });
});

describe('/chat/{name} in a session', () => {
  it('pages back the history, shows live messages in id order once each, and sends with chat:send', async () => {
    const user = userEvent.setup();
    member({
      room: inSession(),
      history: (before) => (before === undefined ? { messages: [message(11), message(12)], has_more: true } : { messages: [message(9), message(10)], has_more: false }),
    });
    answerAcks((_event, payload) => ({ ok: true, message: message(20, { author: { user_id: 7, name: 'member', role: 'member' }, text: (payload as { text: string }).text }) }));
    renderApp('/chat/ava');
    await waitFor(() => expect(logTexts()).toHaveLength(2));
    act(() => {
      emit(REALTIME_CHAT_EVENTS.message, message(14));
      emit(REALTIME_CHAT_EVENTS.message, message(13));
      emit(REALTIME_CHAT_EVENTS.message, message(14));
      emit(REALTIME_CHAT_EVENTS.message, message(99, { camera_id: 2 }));
    });
    expect(logTexts().map((t) => /Message (\d+)/.exec(t)?.[1])).toEqual(['11', '12', '13', '14']);

    await user.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    await waitFor(() => expect(logTexts()).toHaveLength(6));
    const pages = mockedApi.get.mock.calls.filter(([p]) => p === '/cameras/ava/chat/messages').map(([, query]) => query);
    expect(pages.at(-1)).toEqual({ before: '11' });
    expect(pages.slice(0, -1).every((query) => (query as { before: unknown }).before === null)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Message to the chat with Ava' }), 'hello Ava{Enter}');
    expect(emittedWithAck).toEqual([{ event: 'chat:send', payload: { camera_id: 1, text: 'hello Ava' } }]);
    await waitFor(() => expect(logTexts().at(-1)).toMatch(/^You.*hello Ava$/));
    // The same message arriving as an event is not shown twice.
    act(() => emit(REALTIME_CHAT_EVENTS.message, message(20, { author: { user_id: 7, name: 'member', role: 'member' }, text: 'hello Ava' })));
    expect(logTexts().filter((t) => t.includes('hello Ava'))).toHaveLength(1);
    // Removed by the model.
    act(() => emit(REALTIME_CHAT_EVENTS.removed, { camera_id: 1, message_ids: [13] }));
    expect(logTexts().some((t) => t.includes('Message 13'))).toBe(false);
  });

  it('renders XSS payloads from the room as text, creating no element from them', async () => {
    member({ room: inSession() });
    const { container } = renderApp('/chat/ava');
    await screen.findByTestId('session-bar');
    act(() => {
      XSS_PAYLOADS.forEach((text, i) => emit(REALTIME_CHAT_EVENTS.message, message(100 + i, { text, author: { user_id: 20, name: text, role: 'member' } })));
      emit(REALTIME_CHAT_EVENTS.message, message(200, { author: { user_id: null, name: '', role: 'system' }, kind: 'advertisement', system: { key: 'advertisement', params: { model: XSS_PAYLOADS[0] } }, text: '' }));
    });
    const texts = logTexts();
    XSS_PAYLOADS.forEach((payload, i) => expect(texts[i]).toContain(payload));
    expect(texts.at(-1)).toContain(`Enjoying ${XSS_PAYLOADS[0]}'s show?`);
    const chat = container.querySelector('.camera-chat__side')!;
    for (const tag of ['script', 'img', 'svg', 'iframe', 'body']) expect(chat.querySelector(tag)).toBeNull();
    expect(chat.querySelector('a, [onerror], [onload]')).toBeNull();
  });

  it('session events update the bar; coins:balance updates the header without a reload', async () => {
    member({ room: inSession() });
    renderApp('/chat/ava');
    const bar = await screen.findByTestId('session-bar');
    expect(screen.getByTestId('coin-balance-amount').textContent).toContain('250');
    const paidUntil = Math.floor(Date.now() / 1000) + 42;
    const sentAt = Date.now() / 1000;
    act(() => {
      sessionEvent({ minutes_charged: 3, coins_charged: 90, paid_until: paidUntil }, 160);
      emit(REALTIME_MONEY_EVENTS.balance, { coins: 160 });
    });
    expect(within(bar).getByTestId('session-minutes').textContent).toBe('3');
    expect(within(bar).getByTestId('session-coins').textContent).toBe('90');
    // The countdown runs to paid_until: whole seconds left between the event and this reading (however long a busy
    // machine took in between), give or take the rounding to a whole second.
    const [minutes, seconds] = within(bar).getByTestId('session-next-charge').textContent!.split(':').map(Number);
    const shown = minutes! * 60 + seconds!;
    expect(shown).toBeGreaterThanOrEqual(Math.floor(paidUntil - Date.now() / 1000));
    expect(shown).toBeLessThanOrEqual(Math.ceil(paidUntil - sentAt));
    await waitFor(() => expect(screen.getByTestId('coin-balance-amount').textContent).toContain('160'));
    expect(mockedApi.get.mock.calls.filter(([p]) => p === '/user/profile')).toHaveLength(1);
  });

  it('muted: the composer says so and is off; the mute lifted gives it back', async () => {
    member({ room: inSession() });
    renderApp('/chat/ava');
    const field = (await screen.findByRole('textbox', { name: 'Message to the chat with Ava' })) as HTMLTextAreaElement;
    act(() => emit(REALTIME_CHAT_EVENTS.muted, { camera_id: 1, muted_until: Math.floor(Date.now() / 1000) + 300 }));
    expect(field.disabled).toBe(true);
    expect(screen.getByTestId('chat-composer-problem').textContent).toMatch(/muted in this chat until/);
    act(() => emit(REALTIME_CHAT_EVENTS.muted, { camera_id: 1, muted_until: null }));
    expect(field.disabled).toBe(false);
  });

  it('the tip button opens the model-tip popup for her', async () => {
    const user = userEvent.setup();
    member({ room: inSession() });
    renderApp('/chat/ava');
    await user.click(await screen.findByRole('button', { name: 'Send a tip' }));
    expect(getPopupStates()['model-tip']).toEqual({ show: true, data: { model_id: 11, model_name: 'Ava' } });
  });
});

describe('/chat/{name}: every end lands on /cameras?exit_code=N', () => {
  it('Leave ends with 202', async () => {
    const user = userEvent.setup();
    member({ room: inSession() });
    const { url } = renderApp('/chat/ava');
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(url()).toBe('/cameras?exit_code=202&camera=ava'));
    expect(leaves()).toEqual([202]);
    expect(await screen.findByTestId('exit-notice')).toBeTruthy();
  });

  it('going elsewhere in the site ends with 102', async () => {
    member({ room: inSession() });
    const { app } = renderApp('/chat/ava');
    await screen.findByTestId('session-bar');
    await act(() => app.router.navigate('/cameras'));
    await waitFor(() => expect(leaves()).toEqual([102]));
  });

  it('logging out ends with 101 before the logout, and not with 102 too', async () => {
    const user = userEvent.setup();
    member({ room: inSession() });
    const { location } = renderApp('/chat/ava');
    await screen.findByTestId('session-bar');
    await user.click(screen.getByTestId('logout-button'));
    await waitFor(() => expect(location().search).toBe('?logout=true'));
    expect(leaves()).toEqual([101]);
    const order = mockedApi.post.mock.calls.map(([p]) => p);
    expect(order.indexOf('/cameras/ava/chat/session/end')).toBeLessThan(order.indexOf('/auth/logout'));
  });

  it.each([
    [5, '/cameras?exit_code=5&camera=ava'],
    [7, '/cameras?exit_code=7&camera=ava'],
    [6, '/cameras?exit_code=6&camera=ava'],
    [88, '/cameras?exit_code=88&camera=ava'],
    [103, '/cameras?exit_code=103&camera=ava'],
    [201, '/cameras?exit_code=201&camera=ava'],
    [202, '/cameras?exit_code=202&camera=ava'],
    [203, '/cameras?exit_code=203&camera=ava'],
  ])('the session event ending with %i', async (code, target) => {
    member({ room: inSession() });
    const { url } = renderApp('/chat/ava');
    await screen.findByTestId('session-bar');
    act(() => sessionEvent({ state: 'ended', end_code: code }));
    await waitFor(() => expect(url()).toBe(target));
    expect(leaves()).toEqual([]);
  });

  it('17 (no credit) opens the buy-coins popup on /cameras', async () => {
    member({ room: inSession() });
    const { url } = renderApp('/chat/ava');
    await screen.findByTestId('session-bar');
    act(() => sessionEvent({ state: 'ended', end_code: 17 }, 0));
    await waitFor(() => expect(url()).toBe('/cameras?exit_code=17&camera=ava'));
    await waitFor(() => expect(getPopupStates()['buy-coins']?.show).toBe(true));
  });

  it('501 (free time over) adds hint and opens the freechat popup on /cameras', async () => {
    member({ room: chatRoomFixture({ chat_mode: 'free', price_per_minute: 25, session: chatSessionFixture({ kind: 'free', price_per_minute: null, paid_until: null, free_seconds_left: 480 }) }) });
    const { url } = renderApp('/free-chat/ava');
    await screen.findByTestId('session-bar');
    act(() => sessionEvent({ kind: 'free', state: 'ended', end_code: 501 }));
    await waitFor(() => expect(url()).toBe('/cameras?exit_code=501&hint=1&camera=ava'));
    expect(await screen.findByTestId('freechat-popup')).toBeTruthy();
    expect(mockedApi.get.mock.calls.filter(([p]) => p === '/cameras').at(-1)?.[1]).toMatchObject({ order: 'free_chat' });
  });

  it('room:left with a code of product §4 ends with it; without one, with 201 unless the session event says otherwise', async () => {
    member({ room: inSession() });
    const first = renderApp('/chat/ava');
    await screen.findByTestId('session-bar');
    act(() => emit(REALTIME_ROOM_EVENTS.left, { room: 'chat:2', code: '201', message: 'other room' }));
    act(() => emit(REALTIME_ROOM_EVENTS.left, { room: 'chat:1', code: '203', message: 'She logged out' }));
    await waitFor(() => expect(first.url()).toBe('/cameras?exit_code=203&camera=ava'));
    first.unmount();

    member({ room: inSession() });
    const second = renderApp('/chat/ava');
    await screen.findByTestId('session-bar');
    act(() => emit(REALTIME_ROOM_EVENTS.left, { room: 'chat:1', code: 'FORBIDDEN', message: 'Removed' }));
    await waitFor(() => expect(second.url()).toBe('/cameras?exit_code=201&camera=ava'), { timeout: 4000 });
  });

  it('after a session of at least a minute, offers the camera-feedback popup', async () => {
    const user = userEvent.setup();
    member({ room: inSession({ started_at: Math.floor(Date.now() / 1000) - 120 }) });
    renderApp('/chat/ava');
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(getPopupStates()['camera-feedback']).toEqual({ show: true, data: { name: 'ava', display_name: 'Ava' } }));
  });

  it('a short session asks no feedback', async () => {
    const user = userEvent.setup();
    member({ room: inSession() });
    const { url } = renderApp('/chat/ava');
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(url()).toBe('/cameras?exit_code=202&camera=ava'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mockedApi.get.mock.calls.some(([p]) => p === '/cameras/ava/feedback')).toBe(false);
  });
});
