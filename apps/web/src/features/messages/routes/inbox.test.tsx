import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import type { ApiMock } from '../test/render';
import { apiError, fakeServer, inboxFixture, member, messageFixture, model, renderRoutes, site, summaryFixture } from '../test/render';
import InboxRoute from './inbox';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const mockedApi = api as unknown as ApiMock;
const renderInbox = (path = '/messages') => renderRoutes([{ path: '/messages', Component: InboxRoute }], path);

beforeEach(() => vi.clearAllMocks());

describe('the inbox (/messages)', () => {
  it('renders a row per conversation: who, a one-line preview, unread counts in bold, and where each leads', async () => {
    const inbox = inboxFixture([
      summaryFixture(model('ava', 'Ava Demo'), { unread: 3, last_message: messageFixture(9, { with: 'ava', text: 'Hi there,\nhow are you?', read: false }) }),
      summaryFixture(member('bob'), { last_message: messageFixture(8, { with: 'bob', from_me: true, text: 'See you' }) }),
      summaryFixture(site, { last_message: messageFixture(7, { with: 'velora', subject: 'Welcome to Velora', text: 'Hello…', group: 'account' }) }),
      summaryFixture(model('ava', 'Ava Demo'), { playdate_id: 42, last_message: messageFixture(6, { with: 'ava', playdate_id: 42 }) }),
    ]);
    fakeServer(mockedApi, { get: { '/messages': () => inbox } });
    renderInbox();

    const rows = await screen.findAllByTestId('inbox-row');
    expect(rows).toHaveLength(4);
    const [ava, bob, velora, playdate] = rows as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];

    expect(within(ava).getByText('Ava Demo')).toBeTruthy();
    expect(within(ava).getByText('Model')).toBeTruthy();
    expect(within(ava).getByText('Hi there, how are you?')).toBeTruthy();
    expect(ava.className).toContain('inbox-row--unread');
    expect(within(ava).getByTestId('unread-badge').textContent).toBe('33 unread messages');
    expect(within(ava).getByRole('link').getAttribute('href')).toBe('/messages/ava');

    expect(bob.className).not.toContain('inbox-row--unread');
    expect(within(bob).queryByTestId('unread-badge')).toBeNull();
    expect(within(bob).getByText(/You:/)).toBeTruthy();

    expect(within(velora).getByText('Velora')).toBeTruthy();
    expect(within(velora).getByText('Welcome to Velora')).toBeTruthy();
    expect(within(velora).getByRole('link').getAttribute('href')).toBe('/messages/velora');

    expect(within(playdate).getByText('Playdate')).toBeTruthy();
    expect(within(playdate).getByRole('link').getAttribute('href')).toBe('/playdate-messages/42');

    expect(screen.getByRole('list', { name: 'Conversations' })).toBeTruthy();
    expect(mockedApi.get).toHaveBeenCalledWith('/messages', { page: 1 }, expect.anything());
  });

  it('asks for the page in the URL (clamped to 1) and pages with the pagination', async () => {
    fakeServer(mockedApi, { get: { '/messages': () => inboxFixture([summaryFixture(member('bob'))], { page: 2, pages: 3, total: 45 }) } });
    renderInbox('/messages?page=2');
    await screen.findAllByTestId('inbox-row');
    expect(mockedApi.get).toHaveBeenCalledWith('/messages', { page: 2 }, expect.anything());
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByRole('link', { name: /Next/ }).getAttribute('href')).toBe('/messages?page=3');
    expect(within(pagination).getByRole('link', { name: /Previous/ }).getAttribute('href')).toBe('/messages');
  });

  it('shows a loading state, then the empty state with a hint how to start', async () => {
    fakeServer(mockedApi, { get: { '/messages': () => inboxFixture([]) } });
    renderInbox();
    expect(screen.getByRole('status', { name: 'Loading your messages' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'No messages yet' })).toBeTruthy();
    expect(screen.getByText(/choose “New message” and find her by name/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New message' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse models' }).getAttribute('href')).toBe('/models');
  });

  it('shows an error with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    fakeServer(mockedApi, {
      get: {
        '/messages': () => {
          if (fail) throw apiError(503, 'down');
          return inboxFixture([summaryFixture(member('bob'))]);
        },
      },
    });
    renderInbox();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your messages could not be loaded')).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('inbox-row')).toHaveLength(1);
  });
});
