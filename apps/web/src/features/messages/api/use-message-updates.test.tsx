import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import type { NewMessages } from '@velora/shared';
import { REALTIME_EVENTS } from '@velora/shared';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import { UnreadBadge } from '../components/unread-badge';
import ConversationRoute from '../routes/conversation';
import InboxRoute from '../routes/inbox';
import { emit, resetRealtime, setConnected } from '@/test/fake-realtime';
import type { ApiMock } from '../test/render';
import { conversationFixture, createTestQueryClient, fakeServer, i18n, inboxFixture, member, messageFixture, renderRoutes, summaryFixture } from '../test/render';
import { POLL_INTERVAL_MS, useMessageUpdates } from './use-message-updates';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
vi.mock('@/lib/realtime', () => import('@/test/fake-realtime'));

const mockedApi = api as unknown as ApiMock;
const alice = member('alice', { display_name: 'Alice' });

/** What the app shell mounts for a logged-in user, and the header's badge. */
function Shell() {
  useMessageUpdates();
  return (
    <nav aria-label="Main">
      <a href="/messages">
        Messages
        <UnreadBadge />
      </a>
    </nav>
  );
}

const news = (overrides: Partial<NewMessages> = {}): NewMessages => ({ messages: [], unread_total: 0, server_time: 1_000, ...overrides });
const pollCalls = () => mockedApi.get.mock.calls.filter(([path, params]) => path === '/messages/new_messages' && params !== undefined);
const badge = () => within(screen.getByRole('navigation', { name: 'Main' })).queryByTestId('unread-badge');

beforeEach(() => {
  vi.clearAllMocks();
  resetRealtime();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('live updates (useMessageUpdates)', () => {
  it('a new message event updates the inbox row and the unread badge', async () => {
    fakeServer(mockedApi, {
      get: {
        '/messages/new_messages': () => news({ unread_total: 1 }),
        '/messages': () => inboxFixture([summaryFixture(member('bob')), summaryFixture(alice, { unread: 1, last_message: messageFixture(3, { read: false }) })]),
      },
    });
    renderRoutes([{ path: '/messages', Component: InboxRoute }], '/messages', { extra: <Shell /> });
    await screen.findAllByTestId('inbox-row');
    await waitFor(() => expect(badge()?.textContent).toBe('11 unread message'));

    act(() => emit(REALTIME_EVENTS.messageNew, { message: messageFixture(4, { text: 'Are you online?', read: false }), unread_total: 2 }));

    await waitFor(() => expect(badge()?.textContent).toBe('22 unread messages'));
    const [first] = screen.getAllByTestId('inbox-row');
    expect(within(first!).getByText('Alice')).toBeTruthy();
    expect(within(first!).getByText('Are you online?')).toBeTruthy();
    expect(within(first!).getByTestId('unread-badge').textContent).toBe('22 unread messages');

    // The same message again (a poll after the push) changes nothing.
    await act(async () => {
      emit(REALTIME_EVENTS.messageNew, { message: messageFixture(4, { text: 'Are you online?', read: false }), unread_total: 2 });
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(within(screen.getAllByTestId('inbox-row')[0]!).getByTestId('unread-badge').textContent).toBe('22 unread messages');

    act(() => emit(REALTIME_EVENTS.unreadChanged, { unread_total: 0 }));
    await waitFor(() => expect(badge()).toBeNull());
  });

  it('a new message event appends to the open conversation, announces it and marks it read', async () => {
    let unread = 0;
    fakeServer(mockedApi, {
      get: {
        '/messages/new_messages': () => news({ unread_total: unread }),
        '/messages/alice': () => conversationFixture(alice, [messageFixture(1), messageFixture(2, { from_me: true, read: false })]),
      },
      post: { '/messages/alice/read': () => ({ unread_total: 0 }) },
    });
    renderRoutes([{ path: '/messages/:name', Component: ConversationRoute }], '/messages/alice', { extra: <Shell /> });
    await screen.findByRole('list', { name: 'Messages with Alice' });
    const readCalls = () => mockedApi.post.mock.calls.filter(([path]) => path === '/messages/alice/read');
    await waitFor(() => expect(readCalls()).toHaveLength(1));

    unread = 1;
    act(() => emit(REALTIME_EVENTS.messageNew, { message: messageFixture(5, { text: 'Yes, <i>here</i>!', read: false }), unread_total: 1 }));
    await waitFor(() => expect(screen.getAllByTestId('message')).toHaveLength(3));
    const items = screen.getAllByTestId('message');
    expect(items[2]!.querySelector('.message__text')?.textContent).toBe('Yes, <i>here</i>!');
    expect(screen.getByTestId('message-announcer').textContent).toBe('New message from Alice: Yes, <i>here</i>!');
    expect(screen.getByTestId('message-announcer').getAttribute('aria-live')).toBe('polite');
    // Seen while open: read at once, and the badge follows the server's answer.
    await waitFor(() => expect(readCalls()).toHaveLength(2));
    await waitFor(() => expect(badge()).toBeNull());

    // The other party read my message.
    expect(within(items[1]!).getByTestId('receipt').textContent).toBe('Sent');
    act(() => emit(REALTIME_EVENTS.messagesRead, { with: 'alice', playdate_id: null, up_to_id: 2 }));
    await waitFor(() => expect(within(screen.getAllByTestId('message')[1]!).getByTestId('receipt').textContent).toBe('Read'));
  });

  it('polls every 15 s only while the realtime connection is down, from the server’s cursor', async () => {
    vi.useFakeTimers();
    const incoming = messageFixture(7, { text: 'Polled in', read: false, created_at: 1_500 });
    let answer = news({ unread_total: 0, server_time: 1_000 });
    fakeServer(mockedApi, { get: { '/messages/new_messages': () => answer } });
    const queryClient = createTestQueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <Shell />
        </I18nextProvider>
      </QueryClientProvider>,
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(mockedApi.get).toHaveBeenCalledWith('/messages/new_messages', undefined, expect.anything());

    // Connected: no polling, however long.
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3));
    expect(pollCalls()).toHaveLength(0);

    // Down: a poll every 15 s, each from the cursor the last answer gave.
    act(() => setConnected(false));
    answer = news({ messages: [incoming], unread_total: 1, server_time: 2_000 });
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS - 1));
    expect(pollCalls()).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(pollCalls().map(([, params]) => params)).toEqual([{ last_message_timestamp: 1_000 }]);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(badge()?.textContent).toBe('11 unread message');

    answer = news({ unread_total: 1, server_time: 3_000 });
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    expect(pollCalls().map(([, params]) => params)).toEqual([{ last_message_timestamp: 1_000 }, { last_message_timestamp: 2_000 }]);

    // Back up: one catch-up poll for what was pushed while down, then none.
    act(() => setConnected(true));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(pollCalls()).toHaveLength(3);
    expect(pollCalls()[2]![1]).toEqual({ last_message_timestamp: 3_000 });
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 4));
    expect(pollCalls()).toHaveLength(3);
  });
});
