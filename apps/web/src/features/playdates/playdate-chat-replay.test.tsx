import { screen, within } from '@testing-library/react';
import type { PlaydateChatMessage } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { XSS_PAYLOADS } from '@/entities/chat/testing/chat-fixtures';
import { api } from '@/lib/http';
import { setAccessToken } from '@/lib/storage';
import { serverError } from '@/test/fake-api';
import type { ApiMock } from '@/test/render-app';
import { fakeSite, renderApp, unauthorized } from '@/test/render-app';
import { NOW } from './test/fixtures';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const mockedApi = api as unknown as ApiMock;
/** Shaped like a replay token ("<playdate id>.<base64url HMAC-SHA256>"): one of another shape is not even asked for. */
const TOKEN = `3.${'A'.repeat(42)}w`;

const message = (id: number, overrides: Partial<PlaydateChatMessage> = {}): PlaydateChatMessage => ({
  id,
  playdate_id: 3,
  author: { user_id: 40 + id, name: `fan${id}`, role: 'member' },
  text: `Hello ${id}`,
  system: null,
  created_at: (NOW + id * 60) * 1000,
  ...overrides,
});

function visitor(answer: (query: unknown) => unknown) {
  fakeSite(mockedApi, { get: { '/user/profile': () => { throw unauthorized(); }, '/playdates/public/chat-history': answer } });
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => setAccessToken(null));

describe('/playdate-chat-replay?token', () => {
  it('shows a visitor the title, the model, the time and the messages as plain text', async () => {
    visitor(() => ({
      playdate: { id: 3, title: 'Sunset yoga', model_name: 'Ava', starts_at: NOW, ends_at: NOW + 1800, image: '/media/playdates/3-900x500.jpg' },
      messages: [
        message(1, { author: { user_id: null, name: '', role: 'system' }, text: 'started', system: { key: 'playdates.system.started', params: {} } }),
        message(2, { author: { user_id: 30, name: 'Ava', role: 'model' }, text: 'Welcome!' }),
        ...XSS_PAYLOADS.map((text, i) => message(10 + i, { text })),
      ],
    }));
    renderApp(`/playdate-chat-replay?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat of “Sunset yoga”' })).toBeTruthy();
    expect(screen.getByText('With Ava')).toBeTruthy();
    expect(mockedApi.get.mock.calls.find(([p]) => p === '/playdates/public/chat-history')?.[1]).toEqual({ token: TOKEN });
    const log = screen.getByRole('log', { name: 'Messages of the playdate chat' });
    const items = within(log).getAllByTestId('playdate-log-message');
    // Items of a list inside the log (axe listitem: the log role on the <ol> itself took the list away).
    expect(within(within(log).getByRole('list')).getAllByRole('listitem')).toHaveLength(items.length);
    expect(items[0]!.textContent).toBe('The playdate has started.');
    expect(items[1]!.textContent).toContain('Ava');
    expect(items[1]!.textContent).toContain('Model');
    expect(items[1]!.textContent).toContain('Welcome!');
    for (const [i, text] of XSS_PAYLOADS.entries()) expect(items[2 + i]!.textContent).toContain(text);
    expect(log.querySelector('script, iframe, svg, img')).toBeNull();
  });

  it('an empty chat says so', async () => {
    visitor(() => ({ playdate: { id: 3, title: 'Quiet show', model_name: 'Ava', starts_at: NOW, ends_at: NOW + 1800, image: '/x.jpg' }, messages: [] }));
    renderApp(`/playdate-chat-replay?token=${TOKEN}`);
    expect(await screen.findByText('No one wrote in this chat.')).toBeTruthy();
  });

  it('a wrong or expired token: a friendly page, and a missing one is not even asked', async () => {
    visitor(() => {
      throw serverError(404, 'No such replay');
    });
    const { unmount } = renderApp(`/playdate-chat-replay?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'This replay link does not work' })).toBeTruthy();
    unmount();
    vi.clearAllMocks();
    visitor(() => ({}));
    renderApp('/playdate-chat-replay');
    expect(await screen.findByRole('heading', { name: 'This replay link does not work' })).toBeTruthy();
    expect(mockedApi.get.mock.calls.some(([p]) => p === '/playdates/public/chat-history')).toBe(false);
  });

  it('a server failure offers a retry', async () => {
    visitor(() => {
      throw serverError(503, 'Down');
    });
    renderApp(`/playdate-chat-replay?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'The chat could not be loaded' })).toBeTruthy();
  });
});
