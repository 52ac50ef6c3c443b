import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TransactionalPopup } from '@velora/shared';
import { DEFAULT_COMPANY_VALUES, REALTIME_EVENTS } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import type * as Realtime from '@/lib/realtime';
import { resetPopups } from '@/components/popups/popup-store';
import { resetTransactionalPopupTrigger } from '@/features/messages/api/get-transactional-popup';
import { emit, resetRealtime } from '@/test/fake-realtime';
import { conversationFixture, inboxFixture, member as correspondent, messageFixture, site, summaryFixture } from '@/features/messages/test/render';
import { api } from '@/lib/http';
import { setAccessToken } from '@/lib/storage';
import { modelDetailFixture, shootListFixture } from '@/test/catalog-fixtures';
import type { ApiMock, FakeRoutes } from '@/test/render-app';
import { fakeApi, profileFixture, renderApp, videoListFixture, visitFixture } from '@/test/render-app';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
// The server's pushes are played by the test; no socket is opened.
vi.mock('@/lib/realtime', async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  ...(await import('@/test/fake-realtime')),
}));

const mockedApi = api as unknown as ApiMock;
const getCalls = (path: string) => mockedApi.get.mock.calls.filter(([p]) => p === path);

function member(routes: FakeRoutes = {}, unreadTotal = 0) {
  setAccessToken('member-token');
  fakeApi(mockedApi, {
    get: {
      '/track/visit': () => visitFixture(),
      '/user/profile': () => profileFixture(),
      '/pages/meta': () => ({ title: '', description: '', keywords: '', robots: '', canonical: '' }),
      '/videos': () => videoListFixture(),
      '/videos/unlocked': () => ({ galleries: [], videos: [] }),
      '/messages/new_messages': () => ({ messages: [], unread_total: unreadTotal, server_time: 1_000 }),
      ...routes.get,
    },
    post: { '/feature/get_company': () => ({ company: 'de', values: DEFAULT_COMPANY_VALUES.de }), ...routes.post },
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
  resetRealtime();
  resetTransactionalPopupTrigger();
});
afterEach(() => setAccessToken(null));

describe('messages in the app', () => {
  it('links the inbox from the members’ navigation with the unread total, kept current by pushes', async () => {
    const user = userEvent.setup();
    member({ get: { '/messages': () => inboxFixture([summaryFixture(correspondent('alice'), { unread: 3 })], { unread_total: 3 }) } }, 3);
    const { location } = renderApp('/videos');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const link = await within(nav).findByRole('link', { name: 'Messages 3 unread messages' });

    await user.click(link);
    await waitFor(() => expect(location().pathname).toBe('/messages'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Velora – Messages'));

    act(() => emit(REALTIME_EVENTS.unreadChanged, { unread_total: 120 }));
    expect(await within(nav).findByRole('link', { name: 'Messages 120 unread messages' })).toBeTruthy();
    expect(within(nav).getByTestId('unread-badge').querySelector('[aria-hidden="true"]')?.textContent).toBe('99+');

    act(() => emit(REALTIME_EVENTS.unreadChanged, { unread_total: 0 }));
    await waitFor(() => expect(within(nav).queryByTestId('unread-badge')).toBeNull());
    expect(within(nav).getByRole('link', { name: 'Messages' })).toBeTruthy();
  });

  it('shows a waiting transactional message once per page load, with the way to the site inbox', async () => {
    const user = userEvent.setup();
    const popup: TransactionalPopup = {
      message: { id: 31, subject: 'Your payment went through', text: 'Thank you!\nYour membership is active.', group: 'account', created_at: 1_000 },
    };
    member({
      get: {
        '/messages/transactional/popup': () => popup,
        '/messages/velora': () => conversationFixture(site, [messageFixture(31, { with: 'velora', subject: 'Your payment went through', text: 'Thank you!', group: 'account' })]),
      },
      post: { '/messages/velora/read': () => ({ unread_total: 0 }) },
    });
    const { location } = renderApp('/videos');
    const dialog = await screen.findByRole('dialog', { name: 'Your payment went through' });
    expect(within(dialog).getByText((_, element) => element?.textContent === 'Thank you!\nYour membership is active.' && element.tagName === 'P')).toBeTruthy();

    await user.click(within(dialog).getByRole('link', { name: 'Open my Velora inbox' }));
    await waitFor(() => expect(location().pathname).toBe('/messages/velora'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Velora' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(getCalls('/messages/transactional/popup')).toHaveLength(1);
  });

  it('asks nothing about messages for visitors', async () => {
    fakeApi(mockedApi, {
      get: {
        '/track/visit': () => visitFixture(),
        '/pages/meta': () => ({ title: '', description: '', keywords: '', robots: '', canonical: '' }),
      },
      post: { '/feature/get_company': () => ({ company: 'de', values: DEFAULT_COMPANY_VALUES.de }) },
    });
    renderApp('/about_us');
    await screen.findByRole('heading', { level: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(mockedApi.get.mock.calls.filter(([p]) => String(p).startsWith('/messages'))).toHaveLength(0);
  });
});

describe('the model profile', () => {
  const profileRoutes = (messageName: string | null): FakeRoutes => ({
    get: {
      '/models/11': () => modelDetailFixture(11, { name_en: 'Ava Demo', message_name: messageName }),
      '/models/11/shoots': () => shootListFixture(),
    },
  });

  it('offers "Send message" to the model’s account', async () => {
    member(profileRoutes('ava'));
    renderApp('/profile/11');
    await screen.findByRole('heading', { level: 1, name: 'Ava Demo' });
    expect(screen.getByRole('link', { name: 'Send message' }).getAttribute('href')).toBe('/messages/ava');
  });

  it('opens the conversation with the model’s account when "Send message" is pressed', async () => {
    const user = userEvent.setup();
    member({
      get: {
        ...profileRoutes('ava').get,
        '/messages/ava': () => conversationFixture(correspondent('ava', { kind: 'model', display_name: 'Ava Demo', model_id: 11 }), []),
      },
      post: { '/messages/ava/read': () => ({ unread_total: 0 }) },
    });
    const { location } = renderApp('/profile/11');
    await user.click(await screen.findByRole('link', { name: 'Send message' }));
    await waitFor(() => expect(location().pathname).toBe('/messages/ava'));
    // The conversation is empty and ready for the member's first message.
    expect(await screen.findByRole('textbox', { name: 'Your message to Ava Demo' })).toBeTruthy();
    expect(getCalls('/messages/ava')).not.toHaveLength(0);
    // Two screens load lazily one after the other: more than the default 5 s on a busy machine.
  }, 20_000);

  it('says so when the model has no account to write to, instead of a button that fails', async () => {
    member(profileRoutes(null));
    renderApp('/profile/11');
    await screen.findByRole('heading', { level: 1, name: 'Ava Demo' });
    expect(screen.queryByRole('link', { name: 'Send message' })).toBeNull();
    expect(screen.getByText('Ava Demo does not receive messages yet.')).toBeTruthy();
  });

  it('offers a model no message to herself on her own profile', async () => {
    setAccessToken('model-token');
    fakeApi(mockedApi, {
      get: {
        '/track/visit': () => visitFixture(),
        '/user/profile': () => profileFixture({ model_id: 11 }),
        '/pages/meta': () => ({ title: '', description: '', keywords: '', robots: '', canonical: '' }),
        '/messages/new_messages': () => ({ messages: [], unread_total: 0, server_time: 1_000 }),
        ...profileRoutes('ava').get,
      },
      post: { '/feature/get_company': () => ({ company: 'de', values: DEFAULT_COMPANY_VALUES.de }) },
    });
    renderApp('/profile/11');
    await screen.findByRole('heading', { level: 1, name: 'Ava Demo' });
    expect(screen.queryByRole('link', { name: 'Send message' })).toBeNull();
    expect(screen.queryByText(/does not receive messages/)).toBeNull();
  });
});
