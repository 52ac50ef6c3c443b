import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatMessage, ChatParticipant, StudioChat } from '@velora/shared';
import { CHAT_CLIENT_EVENTS, REALTIME_CHAT_EVENTS } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { XSS_PAYLOADS, chatMessageFixture } from '@/entities/chat/testing/chat-fixtures';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import { serverError } from '@/test/fake-api';
import { emit, joinedRooms, resetRealtime, setConnected, setPresence } from '@/test/fake-realtime';
import { fakeStudioApi, modelProfile, renderStudio, studioCameraOf, studioChatOf } from '../test/render';
import StudioRoute from './studio';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
const { emitWithAck } = vi.hoisted(() => ({ emitWithAck: vi.fn() }));
// The realtime channel is the test's: it plays the server (events, presence) and answers chat:send.
vi.mock('@/lib/realtime', async () => ({ ...(await import('@/test/fake-realtime')), emitWithAck }));

const mockedApi = vi.mocked(api);
const callsTo = (method: 'get' | 'post' | 'put' | 'delete', path: string) => mockedApi[method].mock.calls.filter(([p]) => p === path).map(([, body]) => body);

const participant = (userId: number, name: string, overrides: Partial<ChatParticipant> = {}): ChatParticipant => ({
  user_id: userId,
  name,
  session_kind: 'free',
  since: 1_900_000_000,
  minutes_charged: 0,
  coins_charged: 0,
  muted_until: null,
  ...overrides,
});
const BEN = participant(21, 'Ben', { session_kind: 'paid', minutes_charged: 7, coins_charged: 140 });
const CAL = participant(22, 'Cal');
const msg = (id: number, overrides: Partial<ChatMessage> = {}) => chatMessageFixture(id, { camera_id: 11, ...overrides });
const HERS = { user_id: 5, name: 'Anna', role: 'model' } as const;

let chat: StudioChat;
let history: ChatMessage[];

function serve(routes: Parameters<typeof fakeStudioApi>[1] = {}) {
  fakeStudioApi(mockedApi, {
    ...routes,
    get: {
      '/studio/camera': () => studioCameraOf(),
      '/studio/camera/chat': () => chat,
      '/cameras/anna/chat/messages': () => ({ messages: history, has_more: false }),
      ...routes.get,
    },
  });
}

async function openStudio() {
  const utils = renderStudio(<StudioRoute />, modelProfile());
  const panel = await screen.findByTestId('studio-chat');
  await within(panel).findByTestId('chat-participants');
  return { ...utils, panel: within(panel) };
}
const participantRow = (name: string) => within(screen.getAllByTestId('chat-participant').find((row) => row.textContent?.includes(name))!);
const log = () => screen.getByRole('log', { name: 'Messages in your chat' });

beforeEach(() => {
  vi.clearAllMocks();
  resetRealtime();
  chat = studioChatOf({
    participants: [BEN, CAL],
    readers: 3,
    settings: { slow_mode_seconds: 0, banned_words: ['spam'] },
    bans: [{ user_id: 30, name: 'Dan', banned_at: 1_900_000_000 }],
    earnings: { since: 1_900_000_000, paid_minutes: 7, chat_coins: 140, tip_coins: 60, model_coins: 120 },
  });
  history = [msg(1, { text: 'Hello Anna' }), msg(2, { author: HERS, text: 'Hi Ben!' })];
  serve();
});
afterEach(() => resetRealtime());

describe('her chat room', () => {
  it('joins chat:<camera id>, shows the history, who is in (kind, minutes, coins), readers and the earnings', async () => {
    const { panel } = await openStudio();
    expect([...joinedRooms]).toEqual(['chat:11']);
    expect(panel.getByRole('heading', { name: 'Chat' })).toBeTruthy();
    await waitFor(() => expect(within(log()).getAllByTestId('chat-message')).toHaveLength(2));
    expect(log().textContent).toContain('Hello Anna');
    expect(within(log()).getByText('You')).toBeTruthy();
    expect(panel.getByRole('heading', { name: 'In your chat (2)' })).toBeTruthy();
    expect(participantRow('Ben').getByText('Paid chat')).toBeTruthy();
    expect(participantRow('Ben').getByText('7 min · 140 coins')).toBeTruthy();
    expect(participantRow('Cal').getByText('Free chat')).toBeTruthy();
    expect(panel.getByTestId('chat-readers').textContent).toBe('3 more reading without a chat session');
    expect(panel.getByTestId('chat-earnings-paidMinutes').textContent).toBe('7');
    expect(panel.getByTestId('chat-earnings-chatCoins').textContent).toBe('140');
    expect(panel.getByTestId('chat-earnings-tipCoins').textContent).toBe('60');
    expect(panel.getByTestId('chat-earnings-share').textContent).toBe('120');
    expect(callsTo('get', '/cameras/anna/chat/messages')).toEqual([{ before: null }]);
  });

  it('shows new and removed messages live, and ignores another camera’s', async () => {
    await openStudio();
    await waitFor(() => expect(within(log()).getAllByTestId('chat-message')).toHaveLength(2));
    act(() => emit(REALTIME_CHAT_EVENTS.message, msg(3, { text: 'Are you there?' })));
    act(() => emit(REALTIME_CHAT_EVENTS.message, msg(4, { camera_id: 99, text: 'Elsewhere' })));
    await waitFor(() => expect(log().textContent).toContain('Are you there?'));
    expect(log().textContent).not.toContain('Elsewhere');
    act(() => emit(REALTIME_CHAT_EVENTS.removed, { camera_id: 11, message_ids: [1, 3] }));
    await waitFor(() => expect(within(log()).getAllByTestId('chat-message')).toHaveLength(1));
    expect(log().textContent).toContain('Hi Ben!');
  });

  it('shows what members wrote as text, never as markup', async () => {
    history = XSS_PAYLOADS.map((text, i) => msg(i + 1, { text }));
    await openStudio();
    await waitFor(() => expect(within(log()).getAllByTestId('chat-message')).toHaveLength(XSS_PAYLOADS.length));
    for (const payload of XSS_PAYLOADS) expect(log().textContent).toContain(payload);
    expect(log().querySelector('script, img, svg, iframe, a[href^="javascript"]')).toBeNull();
  });

  it('asks for the participants again on chat:participants and when the room’s presence changes', async () => {
    await openStudio();
    expect(callsTo('get', '/studio/camera/chat')).toHaveLength(1);
    chat = { ...chat, participants: [BEN, CAL, participant(23, 'Eve')] };
    act(() => emit(REALTIME_CHAT_EVENTS.participants, { camera_id: 11 }));
    expect(await screen.findByRole('heading', { name: 'In your chat (3)' })).toBeTruthy();
    expect(callsTo('get', '/studio/camera/chat')).toHaveLength(2);
    act(() => setPresence('chat:11', 4));
    act(() => setPresence('chat:11', 5));
    await waitFor(() => expect(callsTo('get', '/studio/camera/chat')).toHaveLength(3));
    chat = { ...chat, participants: [BEN] };
    act(() => setPresence('chat:11', 2));
    expect(await screen.findByRole('heading', { name: 'In your chat (1)' })).toBeTruthy();
  });

  it('follows slow mode set elsewhere (chat:settings)', async () => {
    await openStudio();
    const select = () => screen.getByLabelText('Slow mode') as HTMLSelectElement;
    expect(select().value).toBe('0');
    act(() => emit(REALTIME_CHAT_EVENTS.settings, { camera_id: 11, settings: { slow_mode_seconds: 30, message_max: 500 } }));
    await waitFor(() => expect(select().value).toBe('30'));
  });

  it('says so and offers a retry when her room cannot be loaded', async () => {
    const user = userEvent.setup();
    let fail = true;
    serve({
      get: {
        '/studio/camera/chat': () => {
          if (fail) throw serverError(500, 'down');
          return chat;
        },
      },
    });
    renderStudio(<StudioRoute />, modelProfile());
    const alert = await screen.findByText('Your chat could not be loaded.');
    fail = false;
    await user.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('chat-participants')).toBeTruthy();
  });

  it('cannot write while the channel is down, and says why', async () => {
    await openStudio();
    act(() => setConnected(false));
    expect(await screen.findByText('You can write again once the connection is back.')).toBeTruthy();
    expect(screen.getByTestId('chat-room-status').textContent).toBe('Offline: reconnecting…');
  });
});

describe('writing', () => {
  it('sends to everyone with chat:send and shows her message', async () => {
    const user = userEvent.setup();
    emitWithAck.mockResolvedValue({ ok: true, message: msg(3, { author: HERS, text: 'Welcome all' }) });
    await openStudio();
    await user.type(screen.getByLabelText('Message to everyone in your chat'), 'Welcome all{Enter}');
    expect(emitWithAck).toHaveBeenCalledWith(CHAT_CLIENT_EVENTS.send, { camera_id: 11, text: 'Welcome all', kind: 'public', to_user_id: null });
    await waitFor(() => expect(log().textContent).toContain('Welcome all'));
    expect((screen.getByLabelText('Message to everyone in your chat') as HTMLTextAreaElement).value).toBe('');
  });

  it('whispers to one participant, chosen from the list or the "Send to" select', async () => {
    const user = userEvent.setup();
    emitWithAck.mockResolvedValue({ ok: true, message: msg(3, { author: HERS, kind: 'private', to_user_id: 21, text: 'Just for you' }) });
    await openStudio();
    await user.click(participantRow('Ben').getByRole('button', { name: 'Whisper' }));
    expect(participantRow('Ben').getByRole('button', { name: 'Whisper' }).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByLabelText('Send to') as HTMLSelectElement).value).toBe('21');
    await user.type(screen.getByLabelText('Whisper to Ben'), 'Just for you{Enter}');
    expect(emitWithAck).toHaveBeenCalledWith(CHAT_CLIENT_EVENTS.send, { camera_id: 11, text: 'Just for you', kind: 'private', to_user_id: 21 });
    await waitFor(() => expect(log().textContent).toContain('Just for you'));
    expect(within(log()).getByText('Private to Ben')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Send to'), 'Only Cal (whisper)');
    expect(screen.getByLabelText('Whisper to Cal')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Send to'), 'Everyone');
    expect(screen.getByLabelText('Message to everyone in your chat')).toBeTruthy();
  });

  it('shows a refused message (the word filter) and keeps the text', async () => {
    const user = userEvent.setup();
    emitWithAck.mockResolvedValue({ ok: false, error: { code: 'CHAT_FILTERED', message: 'filtered' } });
    await openStudio();
    await user.type(screen.getByLabelText('Message to everyone in your chat'), 'buy spam{Enter}');
    await waitFor(() => expect(screen.getByTestId('chat-composer-problem').textContent).toBe('Your message contains a word this chat does not allow. Please rephrase it.'));
    expect((screen.getByLabelText('Message to everyone in your chat') as HTMLTextAreaElement).value).toBe('buy spam');
  });
});

describe('moderation', () => {
  it('removes a message for everyone', async () => {
    const user = userEvent.setup();
    serve({ delete: { '/studio/camera/chat/messages/1': () => ({}) } });
    await openStudio();
    await user.click(await screen.findByRole('button', { name: 'Remove the message of Ben' }));
    await waitFor(() => expect(log().textContent).not.toContain('Hello Anna'));
    expect(callsTo('delete', '/studio/camera/chat/messages/1')).toHaveLength(1);
    expect(screen.getByTestId('chat-announcer').textContent).toBe('The message was removed.');
  });

  it('shows a refused removal and keeps the message', async () => {
    const user = userEvent.setup();
    serve({
      delete: {
        '/studio/camera/chat/messages/1': () => {
          throw serverError(404, 'No such message');
        },
      },
    });
    await openStudio();
    await user.click(await screen.findByRole('button', { name: 'Remove the message of Ben' }));
    expect(await screen.findByText('This message is gone already.')).toBeTruthy();
    expect(log().textContent).toContain('Hello Anna');
  });

  it('mutes a participant for the minutes she chooses, and unmutes a muted one (0)', async () => {
    const user = userEvent.setup();
    serve({ post: { '/studio/camera/chat/participants/21/mute': () => ({}), '/studio/camera/chat/participants/22/mute': () => ({}) } });
    await openStudio();
    await user.click(participantRow('Ben').getByRole('button', { name: 'Mute' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Mute Ben' }));
    expect(dialog.queryByRole('button', { name: 'Unmute' })).toBeNull();
    await user.selectOptions(dialog.getByLabelText('Mute for'), '30 minutes');
    chat = { ...chat, participants: [{ ...BEN, muted_until: Math.floor(Date.now() / 1000) + 1800 }, CAL] };
    await user.click(dialog.getByRole('button', { name: 'Mute' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('post', '/studio/camera/chat/participants/21/mute')).toEqual([{ minutes: 30 }]);
    expect(screen.getByTestId('chat-announcer').textContent).toBe('Ben is muted for 30 minutes.');
    expect(await participantRow('Ben').findByText('Muted')).toBeTruthy();

    await user.click(participantRow('Ben').getByRole('button', { name: 'Mute…' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Mute Ben' })).getByRole('button', { name: 'Unmute' }));
    await waitFor(() => expect(callsTo('post', '/studio/camera/chat/participants/21/mute')).toEqual([{ minutes: 30 }, { minutes: 0 }]));
  });

  it('shows a refused mute in the dialog', async () => {
    const user = userEvent.setup();
    serve({
      post: {
        '/studio/camera/chat/participants/22/mute': () => {
          throw serverError(404, 'Not in your chat');
        },
      },
    });
    await openStudio();
    await user.click(participantRow('Cal').getByRole('button', { name: 'Mute' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Mute Cal' }));
    await user.click(dialog.getByRole('button', { name: 'Mute' }));
    expect(await dialog.findByRole('alert')).toHaveProperty('textContent', 'This member is no longer in your chat.');
  });

  it('kicks only after she confirms', async () => {
    const user = userEvent.setup();
    serve({ post: { '/studio/camera/chat/participants/22/kick': () => ({}) } });
    await openStudio();
    await user.click(participantRow('Cal').getByRole('button', { name: 'Kick' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Kick Cal out of your chat?' }));
    // Focus starts on the safe answer.
    expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Cancel' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(callsTo('post', '/studio/camera/chat/participants/22/kick')).toEqual([]);

    await user.click(participantRow('Cal').getByRole('button', { name: 'Kick' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Kick Cal out of your chat?' }));
    await user.click(dialog.getByRole('button', { name: 'Kick' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('post', '/studio/camera/chat/participants/22/kick')).toHaveLength(1);
    expect(screen.getByTestId('chat-announcer').textContent).toBe('Cal was kicked out of your chat.');
    expect(callsTo('get', '/studio/camera/chat').length).toBeGreaterThan(1);
  });

  it('shows a refused kick (403) in the dialog and keeps it open', async () => {
    const user = userEvent.setup();
    serve({
      post: {
        '/studio/camera/chat/participants/22/kick': () => {
          throw serverError(403, 'Not yours');
        },
      },
    });
    await openStudio();
    await user.click(participantRow('Cal').getByRole('button', { name: 'Kick' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Kick Cal out of your chat?' }));
    await user.click(dialog.getByRole('button', { name: 'Kick' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('You cannot do this in this chat.');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('bans only after she confirms, and lists the ban', async () => {
    const user = userEvent.setup();
    serve({ put: { '/studio/camera/chat/bans/21': () => ({}) } });
    await openStudio();
    await user.click(participantRow('Ben').getByRole('button', { name: 'Ban' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ban Ben from your chat?' }));
    chat = { ...chat, participants: [CAL], bans: [...chat.bans, { user_id: 21, name: 'Ben', banned_at: 1_900_000_100 }] };
    await user.click(dialog.getByRole('button', { name: 'Ban' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('put', '/studio/camera/chat/bans/21')).toHaveLength(1);
    await waitFor(() => expect(screen.getAllByTestId('chat-ban')).toHaveLength(2));
    expect(screen.getByTestId('chat-announcer').textContent).toBe('Ben is banned from your chat.');
  });

  it('lifts a ban from the list, and shows a refusal', async () => {
    const user = userEvent.setup();
    let refuse = true;
    serve({
      delete: {
        '/studio/camera/chat/bans/30': () => {
          if (refuse) throw serverError(404, 'Not banned');
          return {};
        },
      },
    });
    await openStudio();
    const bans = within(screen.getByTestId('chat-bans'));
    await user.click(bans.getByRole('button', { name: 'Lift the ban of Dan' }));
    expect((await bans.findByRole('alert')).textContent).toBe('This member is not banned (any more).');
    refuse = false;
    chat = { ...chat, bans: [] };
    await user.click(bans.getByRole('button', { name: 'Lift the ban of Dan' }));
    expect(await bans.findByText('Nobody is banned.')).toBeTruthy();
    expect(callsTo('delete', '/studio/camera/chat/bans/30')).toHaveLength(2);
    expect(screen.getByTestId('chat-announcer').textContent).toBe('The ban of Dan was lifted.');
  });
});

describe('chat rules', () => {
  it('saves slow mode and the edited word list', async () => {
    const user = userEvent.setup();
    serve({ put: { '/studio/camera/chat/settings': (body) => ({ ...chat, settings: body as StudioChat['settings'] }) } });
    await openStudio();
    const form = within(screen.getByTestId('chat-settings'));
    expect([...(form.getByLabelText('Slow mode') as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      'Off',
      'One message per 5 seconds',
      'One message per 10 seconds',
      'One message per 30 seconds',
      'One message per 60 seconds',
    ]);
    await user.selectOptions(form.getByLabelText('Slow mode'), '10');
    await user.type(form.getByLabelText('Word to filter'), 'scam{Enter}');
    await user.type(form.getByLabelText('Word to filter'), 'promo');
    await user.click(form.getByRole('button', { name: 'Add' }));
    await user.click(form.getByRole('button', { name: 'Remove “spam”' }));
    expect(within(form.getByRole('list', { name: 'Filtered words' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['scam×', 'promo×']);
    await user.click(form.getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByText('Your chat rules have been saved.')).toBeTruthy();
    expect(callsTo('put', '/studio/camera/chat/settings')).toEqual([{ slow_mode_seconds: 10, banned_words: ['scam', 'promo'] }]);
  });

  it('refuses an empty or repeated word before sending', async () => {
    const user = userEvent.setup();
    await openStudio();
    const form = within(screen.getByTestId('chat-settings'));
    await user.click(form.getByRole('button', { name: 'Add' }));
    expect(form.getByText('Enter a word.')).toBeTruthy();
    await user.type(form.getByLabelText('Word to filter'), 'SPAM{Enter}');
    expect(form.getByText('This word is already in the list.')).toBeTruthy();
    expect(form.getByLabelText('Word to filter').getAttribute('aria-invalid')).toBe('true');
    expect(callsTo('put', '/studio/camera/chat/settings')).toEqual([]);
  });

  it("shows the server's refusal (400 with fields)", async () => {
    const user = userEvent.setup();
    serve({
      put: {
        '/studio/camera/chat/settings': () => {
          throw serverError(400, 'Bad input', { fields: { 'banned_words.0': 'Must be at most 40 characters' } });
        },
      },
    });
    await openStudio();
    const form = within(screen.getByTestId('chat-settings'));
    await user.click(form.getByRole('button', { name: 'Save rules' }));
    expect((await form.findByRole('alert')).textContent).toBe('Must be at most 40 characters');
  });
});
