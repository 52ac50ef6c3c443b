import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MessageRecipient } from '@velora/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import type { ApiMock } from '../test/render';
import { fakeServer, inboxFixture, model, renderRoutes, summaryFixture } from '../test/render';
import InboxRoute from '../routes/inbox';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const mockedApi = api as unknown as ApiMock;

const recipient = (modelId: number, displayName: string, name: string | null): MessageRecipient => ({
  model_id: modelId,
  display_name: displayName,
  avatar: `/media/models/${modelId}-400x400.jpg`,
  name,
});
const MODELS = [recipient(11, 'Ava Demo', 'ava'), recipient(12, 'Avery Stone', 'avery'), recipient(13, 'Bella Moor', null)];

/** The server's search: names containing q, any case. */
function searchModels(input: unknown) {
  const q = String((input as { q?: string }).q ?? '').toLowerCase();
  return { recipients: MODELS.filter((m) => m.display_name.toLowerCase().includes(q)) };
}

function renderInbox(conversations = [summaryFixture(model('ava', 'Ava Demo'))]) {
  fakeServer(mockedApi, { get: { '/messages': () => inboxFixture(conversations), '/messages/recipients': searchModels } });
  return renderRoutes(
    [
      { path: '/messages', Component: InboxRoute },
      { path: '/messages/:name', element: <p>Conversation page</p> },
    ],
    '/messages',
  );
}

const searchCalls = () => mockedApi.get.mock.calls.filter(([path]) => path === '/messages/recipients').map(([, query]) => query);

beforeEach(() => vi.clearAllMocks());

describe('New message (the inbox’s model picker)', () => {
  it('searches models by name and opens the conversation with the one chosen by keyboard', async () => {
    const user = userEvent.setup();
    const { location } = renderInbox();
    await user.click(await screen.findByRole('button', { name: 'New message' }));

    const dialog = await screen.findByRole('dialog', { name: 'New message' });
    const field = within(dialog).getByRole('combobox', { name: 'Model’s name' });
    expect(document.activeElement).toBe(field);
    await user.type(field, 'av');
    await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(2));
    expect(searchCalls()).toContainEqual({ q: 'av' });
    expect(within(dialog).getByRole('status').textContent).toBe('2 models found');
    expect(within(dialog).getByRole('listbox', { name: 'Models' })).toBeTruthy();

    const [ava, avery] = within(dialog).getAllByRole('option') as [HTMLElement, HTMLElement];
    expect(ava.getAttribute('aria-selected')).toBe('true');
    expect(field.getAttribute('aria-activedescendant')).toBe(ava.id);
    await user.keyboard('{ArrowDown}');
    expect(avery.getAttribute('aria-selected')).toBe('true');
    expect(field.getAttribute('aria-activedescendant')).toBe(avery.id);
    await user.keyboard('{ArrowDown}');
    expect(ava.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowUp}');
    expect(avery.getAttribute('aria-selected')).toBe('true');

    await user.keyboard('{Enter}');
    await waitFor(() => expect(location().pathname).toBe('/messages/avery'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the conversation with a model clicked in the list', async () => {
    const user = userEvent.setup();
    const { location } = renderInbox();
    await user.click(await screen.findByRole('button', { name: 'New message' }));
    const dialog = await screen.findByRole('dialog', { name: 'New message' });
    await user.click(await within(dialog).findByRole('option', { name: /Ava Demo/ }));
    await waitFor(() => expect(location().pathname).toBe('/messages/ava'));
  });

  it('lists a model without an account as unavailable, and Enter on her opens nothing', async () => {
    const user = userEvent.setup();
    const { location } = renderInbox();
    await user.click(await screen.findByRole('button', { name: 'New message' }));
    const dialog = await screen.findByRole('dialog', { name: 'New message' });
    await user.type(within(dialog).getByRole('combobox'), 'bella');
    const bella = await within(dialog).findByRole('option', { name: 'Bella Moor No inbox yet' });
    await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(1));
    expect(bella.getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Enter}');
    await user.click(bella);
    expect(location().pathname).toBe('/messages');
    expect(screen.getByRole('dialog', { name: 'New message' })).toBeTruthy();
  });

  it('says so when no model has the name, and Escape closes the picker with focus back on its button', async () => {
    const user = userEvent.setup();
    renderInbox();
    const open = await screen.findByRole('button', { name: 'New message' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'New message' });
    await user.type(within(dialog).getByRole('combobox'), 'zz');
    expect(await within(dialog).findByText('No model is called “zz”.')).toBeTruthy();
    expect(within(dialog).queryAllByRole('option')).toHaveLength(0);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(open);
  });

  it('is offered by the empty inbox too', async () => {
    const user = userEvent.setup();
    renderInbox([]);
    await screen.findByRole('heading', { name: 'No messages yet' });
    await user.click(screen.getByRole('button', { name: 'New message' }));
    expect(await screen.findByRole('dialog', { name: 'New message' })).toBeTruthy();
  });
});
