// Renders messages screens on their own: a query client, English texts, the app's links and a memory router.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { Conversation, ConversationSummary, Correspondent, Inbox, Message } from '@velora/shared';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { Mock } from 'vitest';
import type { AppLinks } from '@/components/app-links';
import { AppLinksProvider } from '@/components/app-links';
import { ApiError } from '@/lib/http';
import { en } from '@/locales';

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false }, initAsync: false });

export const testLinks: AppLinks = {
  home: '/',
  forgotPassword: '/forgot_password',
  recentUpdates: '/recent_updates',
  videos: '/videos',
  feeds: '/feeds',
  models: '/models',
  shoots: '/shoots',
  cameras: '/cameras',
  modelProfile: (id) => `/profile/${id}`,
  shoot: (id) => `/shoot/${id}`,
  update: (id) => `/update/${id}`,
  shootImages: (shootId, chapterId) => `/shoot/${shootId}/images/${chapterId}`,
  camera: (name) => `/camera/${name}`,
  favourites: { model: '/favourite-models', shoot: '/favourite-shoots', video: '/favourite-videos', image: '/favourite-images', camera: '/favourite-cams' },
  legal: { contactUs: '/contact-us', report: '/report', agb: '/agb', dmca: '/dmca', prohibitedContent: '/prohibited_content' },
  blog: () => '/blog',
  userProfile: '/user-profile',
  userProfileSettings: '/user-profile/settings',
  paywall: '/paywall',
  messages: (page) => (page && page > 1 ? `/messages?page=${page}` : '/messages'),
  conversation: (name) => `/messages/${name}`,
  playdateMessages: (id) => `/playdate-messages/${id}`,
};

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } } });
}

/** Renders `routes` (plus a stub for any other path) at `path`; `extra` renders beside the router (e.g. the updates hook). */
export function renderRoutes(routes: RouteObject[], path: string, options: { queryClient?: QueryClient; extra?: ReactNode } = {}) {
  const queryClient = options.queryClient ?? createTestQueryClient();
  const router = createMemoryRouter([...routes, { path: '*', element: <p>Elsewhere</p> }], { initialEntries: [path] });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <AppLinksProvider links={testLinks}>
          {options.extra}
          <RouterProvider router={router} />
        </AppLinksProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient, location: () => router.state.location };
}

// ---- Fixtures of the messages contracts ----

export const member = (name: string, overrides: Partial<Correspondent> = {}): Correspondent => ({
  kind: 'member',
  name,
  display_name: name,
  avatar: null,
  model_id: null,
  ...overrides,
});
export const model = (name: string, display: string, modelId = 11): Correspondent => ({ kind: 'model', name, display_name: display, avatar: `/media/models/${modelId}-400x400.jpg`, model_id: modelId });
export const site: Correspondent = { kind: 'site', name: 'velora', display_name: 'Velora', avatar: null, model_id: null };

const BASE_TIME = Date.UTC(2026, 10, 20, 12, 0, 0);

export const messageFixture = (id: number, overrides: Partial<Message> = {}): Message => ({
  id,
  with: 'alice',
  playdate_id: null,
  from_me: false,
  text: `Message number ${id}`,
  subject: null,
  group: null,
  created_at: BASE_TIME + id * 60_000,
  read: true,
  ...overrides,
});

export const summaryFixture = (who: Correspondent, overrides: Partial<ConversationSummary> = {}): ConversationSummary => ({
  with: who,
  playdate_id: null,
  last_message: messageFixture(1, { with: who.name }),
  unread: 0,
  updated_at: BASE_TIME,
  ...overrides,
});

export const inboxFixture = (conversations: ConversationSummary[], overrides: Partial<Inbox> = {}): Inbox => ({
  conversations,
  page: 1,
  per_page: 20,
  total: conversations.length,
  pages: 1,
  unread_total: conversations.reduce((sum, c) => sum + c.unread, 0),
  ...overrides,
});

export const conversationFixture = (who: Correspondent, messages: Message[], overrides: Partial<Conversation> = {}): Conversation => ({
  with: who,
  playdate: null,
  messages,
  has_more: false,
  can_reply: who.kind !== 'site',
  unsubscribed_groups: [],
  ...overrides,
});

// ---- A fake server behind the mocked '@/lib/http' api ----

type Handler = (input: unknown) => unknown;
type Method = 'get' | 'post' | 'put' | 'delete';
export type FakeRoutes = Partial<Record<Method, Record<string, Handler>>>;
export interface ApiMock {
  get: Mock;
  post: Mock;
  put: Mock;
  patch: Mock;
  delete: Mock;
}

/** Answers each call by method and path (a handler may throw an ApiError); anything else fails the test loudly. */
export function fakeServer(api: ApiMock, routes: FakeRoutes): void {
  const answer = (method: Method, path: string, input: unknown) => {
    const handler = routes[method]?.[path];
    if (!handler) return Promise.reject(new Error(`Unexpected ${method.toUpperCase()} ${path}`));
    try {
      return Promise.resolve(handler(input));
    } catch (error) {
      return Promise.reject(error);
    }
  };
  api.get.mockImplementation((path: string, params: unknown) => answer('get', path, params));
  api.post.mockImplementation((path: string, body: unknown) => answer('post', path, body));
  api.put.mockImplementation((path: string, body: unknown) => answer('put', path, body));
  api.delete.mockImplementation((path: string, body: unknown) => answer('delete', path, body));
}

export const apiError = (status: number, message: string, fields?: Record<string, string>) =>
  new ApiError({ status, statusText: '', body: { error: { code: `E${status}`, message, ...(fields ? { fields } : {}) } }, path: '' });
