// Renders messages screens on their own: a query client, English texts and a memory router.
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { Conversation, ConversationSummary, Correspondent, Inbox, Message } from '@velora/shared';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { serverError } from '@/test/fake-api';
import { TestProviders, createTestQueryClient as createQueryClient, testI18n } from '@/test/providers';

export type { ApiMock, FakeRoutes } from '@/test/fake-api';
export { fakeApi as fakeServer } from '@/test/fake-api';

export const i18n = testI18n;

/** Cached answers stay fresh for 30 s, as the app's query client keeps them. */
export function createTestQueryClient(): QueryClient {
  return createQueryClient({ staleTime: 30_000 });
}

/** Renders `routes` (plus a stub for any other path) at `path`; `extra` renders beside the router (e.g. the updates hook). */
export function renderRoutes(routes: RouteObject[], path: string, options: { queryClient?: QueryClient; extra?: ReactNode } = {}) {
  const queryClient = options.queryClient ?? createTestQueryClient();
  const router = createMemoryRouter([...routes, { path: '*', element: <p>Elsewhere</p> }], { initialEntries: [path] });
  const utils = render(
    <TestProviders queryClient={queryClient}>
      {options.extra}
      <RouterProvider router={router} />
    </TestProviders>,
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

// ---- Refusals of the fake server (fakeServer) ----

export const apiError = (status: number, message: string, fields?: Record<string, string>) => serverError(status, message, { fields });
