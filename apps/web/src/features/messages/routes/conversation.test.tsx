import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Message } from '@velora/shared';
import { MESSAGE_TEXT_MAX } from '@velora/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import type { ApiMock, FakeRoutes } from '../test/render';
import { apiError, conversationFixture, fakeServer, member, messageFixture, model, renderRoutes, site } from '../test/render';
import ConversationRoute from './conversation';
import PlaydateConversationRoute from './playdate-conversation';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const mockedApi = api as unknown as ApiMock;
const alice = member('alice', { display_name: 'Alice' });
const calls = (method: keyof ApiMock, path: string) => mockedApi[method].mock.calls.filter(([p]) => p === path);

function renderConversation(path: string, routes: FakeRoutes) {
  fakeServer(mockedApi, routes);
  return renderRoutes(
    [
      { path: '/messages/:name', Component: ConversationRoute },
      { path: '/playdate-messages/:id', Component: PlaydateConversationRoute },
      { path: '/messages', element: <h1>Inbox</h1> },
    ],
    path,
  );
}

const sent = (id: number, text: string): Message => messageFixture(id, { from_me: true, text, read: false, created_at: Date.now() });

beforeEach(() => vi.clearAllMocks());

describe('a conversation (/messages/{name})', () => {
  it('lists the messages oldest first with day separators and receipts, marks them read on open and focuses the composer', async () => {
    const messages = [
      messageFixture(1, { text: 'Hello!', read: false }),
      messageFixture(2, { from_me: true, text: 'Hi Alice', read: true }),
      messageFixture(3, { from_me: true, text: 'Are you there?', read: false, created_at: Date.now() }),
    ];
    renderConversation('/messages/alice', {
      get: { '/messages/alice': () => conversationFixture(alice, messages) },
      post: { '/messages/alice/read': () => ({ unread_total: 0 }) },
    });
    const list = await screen.findByRole('list', { name: 'Messages with Alice' });
    const items = within(list).getAllByTestId('message');
    expect(items.map((item) => item.querySelector('.message__text')?.textContent)).toEqual(['Hello!', 'Hi Alice', 'Are you there?']);
    expect(items[0]!.className).not.toContain('message--own');
    expect(items[1]!.className).toContain('message--own');
    expect(within(items[1]!).getByTestId('receipt').textContent).toBe('Read');
    expect(within(items[2]!).getByTestId('receipt').textContent).toBe('Sent');
    expect(within(items[0]!).queryByTestId('receipt')).toBeNull();
    // Two days: the fixtures' day, and today.
    expect(within(list).getByText('Today')).toBeTruthy();
    expect(list.querySelectorAll('.message-day')).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 1, name: 'Alice' })).toBeTruthy();

    await waitFor(() => expect(calls('post', '/messages/alice/read')).toHaveLength(1));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Your message to Alice' }));
  });

  it('sends with Enter (Shift+Enter breaks the line) and shows the server’s message', async () => {
    const user = userEvent.setup();
    renderConversation('/messages/alice', {
      get: { '/messages/alice': () => conversationFixture(alice, [messageFixture(1)]) },
      post: {
        '/messages/alice/read': () => ({ unread_total: 0 }),
        '/messages/alice/send': (body) => sent(50, (body as { text: string }).text),
      },
    });
    const box = await screen.findByRole('textbox', { name: 'Your message to Alice' });
    await user.type(box, '  First line{Shift>}{Enter}{/Shift}second line  ');
    expect(calls('post', '/messages/alice/send')).toHaveLength(0);
    await user.keyboard('{Enter}');

    await waitFor(() => expect(calls('post', '/messages/alice/send').map(([, body]) => body)).toEqual([{ text: 'First line\nsecond line' }]));
    const mine = await screen.findByText((_, element) => element?.classList.contains('message__text') === true && element.textContent === 'First line\nsecond line');
    expect(within(mine.closest('li')!).getByTestId('receipt').textContent).toBe('Sent');
    expect((box as HTMLTextAreaElement).value).toBe('');
    expect(screen.getAllByTestId('message')).toHaveLength(2);
  });

  it('shows the server’s refusal inline, keeps the text and drops the pending message', async () => {
    const user = userEvent.setup();
    renderConversation('/messages/alice', {
      get: { '/messages/alice': () => conversationFixture(alice, [messageFixture(1)]) },
      post: {
        '/messages/alice/read': () => ({ unread_total: 0 }),
        '/messages/alice/send': () => {
          throw apiError(429, 'You are sending messages too quickly. Try again in a minute.');
        },
      },
    });
    const box = await screen.findByRole('textbox', { name: 'Your message to Alice' });
    await user.type(box, 'Hello again');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You are sending messages too quickly. Try again in a minute.');
    expect((box as HTMLTextAreaElement).value).toBe('Hello again');
    expect(screen.getAllByTestId('message')).toHaveLength(1);
  });

  it('says what is missing before sending an empty message, and counts characters near the limit', async () => {
    const user = userEvent.setup();
    renderConversation('/messages/alice', {
      get: { '/messages/alice': () => conversationFixture(alice, []) },
    });
    const box = await screen.findByRole('textbox', { name: 'Your message to Alice' });
    await user.type(box, '   {Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Write a message first.');
    expect(calls('post', '/messages/alice/send')).toHaveLength(0);
    expect(screen.queryByText(`/ ${MESSAGE_TEXT_MAX}`, { exact: false })).toBeNull();
    await user.click(box);
    await user.paste('x'.repeat(MESSAGE_TEXT_MAX - 10));
    expect(screen.getByText(`${MESSAGE_TEXT_MAX - 7} / ${MESSAGE_TEXT_MAX}`)).toBeTruthy();
    expect(screen.getByText('7 characters left')).toBeTruthy();
  });

  it('renders HTML-looking content as plain text, never as markup', async () => {
    const text = '<b>bold?</b> <img src=x onerror="alert(1)"> <a href="https://example.test">link</a>\nnext line';
    renderConversation('/messages/alice', {
      get: { '/messages/alice': () => conversationFixture(alice, [messageFixture(1, { text })]) },
      post: { '/messages/alice/read': () => ({ unread_total: 0 }) },
    });
    const [item] = await screen.findAllByTestId('message');
    const body = item!.querySelector('.message__text')!;
    expect(body.textContent).toBe(text);
    expect(body.querySelector('b, img, a')).toBeNull();
    expect(within(item!).queryByRole('link')).toBeNull();
  });

  it('says "No such member" for an unknown name', async () => {
    renderConversation('/messages/nobody', {
      get: {
        '/messages/nobody': () => {
          throw apiError(404, 'No such member');
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'No such member' })).toBeTruthy();
    expect(screen.getByText(/There is no member called “nobody”/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All messages' }).getAttribute('href')).toBe('/messages');
  });

  it('loads older messages (before = the first id) above the ones shown', async () => {
    const user = userEvent.setup();
    renderConversation('/messages/alice', {
      get: {
        '/messages/alice': (params) =>
          (params as { before?: number } | undefined)?.before === 10
            ? conversationFixture(alice, [messageFixture(8, { text: 'Oldest' }), messageFixture(9)])
            : conversationFixture(alice, [messageFixture(10), messageFixture(11, { text: 'Newest' })], { has_more: true }),
      },
      post: { '/messages/alice/read': () => ({ unread_total: 0 }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Load older messages' }));
    await waitFor(() => expect(screen.getAllByTestId('message')).toHaveLength(4));
    const texts = screen.getAllByTestId('message').map((item) => item.querySelector('.message__text')?.textContent);
    expect(texts[0]).toBe('Oldest');
    expect(texts[3]).toBe('Newest');
    expect(mockedApi.get).toHaveBeenCalledWith('/messages/alice', { before: 10 }, expect.anything());
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
  });

  it('deletes one message after asking', async () => {
    const user = userEvent.setup();
    renderConversation('/messages/alice', {
      get: { '/messages/alice': () => conversationFixture(alice, [messageFixture(4, { text: 'Keep me' }), messageFixture(5, { text: 'Remove me' })]) },
      post: { '/messages/alice/read': () => ({ unread_total: 0 }) },
      delete: { '/messages/alice/5': () => ({ unread_total: 0 }) },
    });
    await screen.findAllByTestId('message');
    const [, second] = screen.getAllByTestId('message');
    await user.click(within(second!).getByRole('button', { name: /Delete message/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this message?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Remove me')).toBeNull());
    expect(screen.getByText('Keep me')).toBeTruthy();
    expect(calls('delete', '/messages/alice/5')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Your message to Alice' })));
    expect(screen.getByTestId('message-announcer').textContent).toBe('Message deleted.');
  });

  it('deletes the whole conversation after asking, then goes back to the inbox', async () => {
    const user = userEvent.setup();
    const { location } = renderConversation('/messages/alice', {
      get: { '/messages/alice': () => conversationFixture(alice, [messageFixture(1)]) },
      post: { '/messages/alice/read': () => ({ unread_total: 0 }) },
      delete: { '/messages/alice/all': () => ({ unread_total: 0 }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete conversation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the whole conversation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(location().pathname).toBe('/messages'));
    expect(calls('delete', '/messages/alice/all')).toHaveLength(1);
  });

  it('links a model’s name to her profile', async () => {
    renderConversation('/messages/ava', {
      get: { '/messages/ava': () => conversationFixture(model('ava', 'Ava Demo', 11), []) },
    });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Ava Demo' });
    expect(within(heading).getByRole('link').getAttribute('href')).toBe('/profile/11');
    expect(screen.getByText('Model')).toBeTruthy();
  });
});

describe('the site inbox (/messages/velora)', () => {
  it('has no composer, points to the contact page and toggles a group of site messages', async () => {
    const user = userEvent.setup();
    renderConversation('/messages/velora', {
      get: {
        '/messages/velora': () =>
          conversationFixture(site, [messageFixture(1, { with: 'velora', subject: 'Welcome to Velora', text: 'Hello member', group: 'account', read: false })], {
            unsubscribed_groups: ['news'],
          }),
      },
      post: { '/messages/velora/read': () => ({ unread_total: 0 }) },
      put: { '/messages/unsubscribe/offers': () => ({ unsubscribed_groups: ['news', 'offers'] }) },
    });
    expect(await screen.findByText('Welcome to Velora')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('link', { name: 'contact page' }).getAttribute('href')).toBe('/contact-us');

    const news = screen.getByRole('switch', { name: 'News from Velora' });
    const offers = screen.getByRole('switch', { name: 'Offers and discounts' });
    expect((news as HTMLInputElement).checked).toBe(false);
    expect((offers as HTMLInputElement).checked).toBe(true);
    await user.click(offers);
    await waitFor(() => expect((screen.getByRole('switch', { name: 'Offers and discounts' }) as HTMLInputElement).checked).toBe(false));
    expect(calls('put', '/messages/unsubscribe/offers').map(([, body]) => body)).toEqual([{}]);
  });

  it('keeps the keyboard focus on a switch while its change is saved', async () => {
    const user = userEvent.setup();
    let answer: (value: unknown) => void = () => undefined;
    renderConversation('/messages/velora', {
      get: { '/messages/velora': () => conversationFixture(site, [], { unsubscribed_groups: [] }) },
      put: { '/messages/unsubscribe/offers': () => new Promise((resolve) => (answer = resolve)) },
    });
    const offers = await screen.findByRole('switch', { name: 'Offers and discounts' });
    offers.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(offers.getAttribute('aria-busy')).toBe('true'));
    // Browsers move focus off a control that becomes disabled (jsdom does not): the switch must stay enabled.
    expect((offers as HTMLInputElement).disabled).toBe(false);
    expect(document.activeElement).toBe(offers);
    answer({ unsubscribed_groups: ['offers'] });
    await waitFor(() => expect((offers as HTMLInputElement).checked).toBe(false));
    expect(document.activeElement).toBe(offers);
    expect(calls('put', '/messages/unsubscribe/offers')).toHaveLength(1);
  });

  it('subscribes again with {subscribe: true}', async () => {
    const user = userEvent.setup();
    renderConversation('/messages/velora', {
      get: { '/messages/velora': () => conversationFixture(site, [], { unsubscribed_groups: ['news'] }) },
      put: { '/messages/unsubscribe/news': () => ({ unsubscribed_groups: [] }) },
    });
    await user.click(await screen.findByRole('switch', { name: 'News from Velora' }));
    await waitFor(() => expect((screen.getByRole('switch', { name: 'News from Velora' }) as HTMLInputElement).checked).toBe(true));
    expect(calls('put', '/messages/unsubscribe/news').map(([, body]) => body)).toEqual([{ subscribe: true }]);
  });
});

describe('a playdate’s offline messages (/playdate-messages/{id})', () => {
  const playdate = { id: 42, title: 'Evening session', kind: 'private' as const, starts_at: Date.UTC(2026, 11, 1, 20, 0), model: { id: 11, name_en: 'Ava Demo' } };

  it('shows the playdate and whom the messages go to, and sends to the playdate', async () => {
    const user = userEvent.setup();
    renderConversation('/playdate-messages/42', {
      get: {
        '/messages/playdate/42': () => conversationFixture(model('ava', 'Ava Demo'), [messageFixture(1, { with: 'ava', playdate_id: 42 })], { playdate }),
        '/messages/playdate_cameras': () => ({
          playdate,
          cameras: [{ name: 'ava', display_name: 'Ava Demo', model_id: 11, avatar: null, is_online: false }],
        }),
      },
      post: {
        '/messages/playdate/42/read': () => ({ unread_total: 0 }),
        '/messages/playdate/42': (body) => ({ ...sent(60, (body as { text: string }).text), with: 'ava', playdate_id: 42 }),
      },
    });
    const details = await screen.findByTestId('playdate-details');
    expect(within(details).getByText('Evening session')).toBeTruthy();
    expect(within(details).getByText(/with Ava Demo/)).toBeTruthy();
    expect(await within(details).findByText('Your messages go to')).toBeTruthy();
    expect(mockedApi.get).toHaveBeenCalledWith('/messages/playdate_cameras', { id: 42 }, expect.anything());
    // Playdate messages are deleted all together only.
    expect(screen.queryByRole('button', { name: /Delete message/ })).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Your message to Ava Demo' }), 'See you then{Enter}');
    await waitFor(() => expect(calls('post', '/messages/playdate/42').map(([, body]) => body)).toEqual([{ text: 'See you then' }]));
    expect(await screen.findByText('See you then')).toBeTruthy();
    expect(calls('post', '/messages/playdate/42/read')).toHaveLength(1);
  });

  it('treats a malformed id as not found, without asking the server', async () => {
    renderConversation('/playdate-messages/abc', {});
    expect(await screen.findByRole('heading', { name: 'No such playdate' })).toBeTruthy();
    expect(mockedApi.get).not.toHaveBeenCalled();
  });
});
