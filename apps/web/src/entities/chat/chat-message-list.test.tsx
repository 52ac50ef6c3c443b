import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { testI18n } from '@/test/providers';
import { ChatMessageList, type ChatMessageListProps } from './chat-message-list';
import { XSS_PAYLOADS, chatMessageFixture as message } from './testing/chat-fixtures';

function renderList(props: Partial<ChatMessageListProps> = {}) {
  return render(
    <I18nextProvider i18n={testI18n}>
      <ChatMessageList label="Chat with Ava" messages={[]} viewerUserId={7} hasMore={false} {...props} />
    </I18nextProvider>,
  );
}

const texts = () => within(screen.getByRole('log', { name: 'Chat with Ava' })).getAllByTestId('chat-message').map((li) => li.textContent);

afterEach(() => {
  void testI18n.changeLanguage('en');
});

describe('the chat log', () => {
  it('is a polite live region showing each message once, in the order of the ids', () => {
    renderList({ messages: [message(3), message(1), message(2), message(3)] });
    const log = screen.getByRole('log', { name: 'Chat with Ava' });
    expect(log.getAttribute('aria-live')).toBe('polite');
    expect(texts().map((t) => /Message (\d)/.exec(t ?? '')?.[1])).toEqual(['1', '2', '3']);
  });

  it("marks the reader's own messages, names the others, and says which are private", () => {
    renderList({
      messages: [
        message(1, { author: { user_id: 7, name: 'member', role: 'member' }, text: 'hi Ava' }),
        message(2, { author: { user_id: 30, name: 'Ava', role: 'model' }, kind: 'private', to_user_id: 7, text: 'hello you' }),
        message(3, { author: { user_id: 30, name: 'Ava', role: 'model' }, kind: 'private', to_user_id: 44, text: 'psst' }),
      ],
      nameOfUser: (id) => (id === 44 ? 'Carl' : null),
    });
    const [own, toMe, toCarl] = screen.getAllByTestId('chat-message') as [HTMLElement, HTMLElement, HTMLElement];
    expect(own.textContent).toMatch(/^You.*hi Ava$/);
    expect(own.classList.contains('chat-message--own')).toBe(true);
    expect(toMe.textContent).toContain('Ava');
    expect(toMe.textContent).toContain('Private to You');
    expect(toCarl.textContent).toContain('Private to Carl');
  });

  it('shows a tip as an event', () => {
    renderList({ messages: [message(1, { tip_coins: 25, text: '', author: { user_id: 20, name: 'Ben', role: 'member' } }), message(2, { tip_coins: 1, text: '', author: { user_id: 7, name: 'me', role: 'member' } })] });
    expect(texts()[0]).toContain('Ben tipped 25 coins');
    expect(texts()[1]).toContain('You tipped 1 coin');
  });

  it("translates the server's messages from their key and params, and falls back to the text for an unknown key", async () => {
    const system = (id: number, key: string, params: Record<string, string | number>, text: string) =>
      message(id, { kind: 'advertisement', author: { user_id: null, name: '', role: 'system' }, system: { key, params }, text });
    const { rerender } = renderList({
      messages: [system(1, 'paidChatOffer', { name: 'Ava', price: 30 }, 'Ava also offers…'), system(2, 'brandNewThing', {}, 'A new kind of notice')],
    });
    expect(texts()[0]).toContain('Ava also offers a paid chat for 30 coins per minute.');
    expect(texts()[1]).toContain('A new kind of notice');
    await testI18n.changeLanguage('de');
    await testI18n.loadLanguages('de');
    rerender(
      <I18nextProvider i18n={testI18n}>
        <ChatMessageList label="Chat with Ava" messages={[system(1, 'paidChatOffer', { name: 'Ava', price: 30 }, 'Ava also offers…')]} viewerUserId={7} hasMore={false} />
      </I18nextProvider>,
    );
    // The test i18n carries English only: German falls back to English words, never to the raw key.
    expect(texts()[0]).not.toContain('chat.system');
  });

  it('renders XSS payloads as the very text, creating no element from them', () => {
    const messages = XSS_PAYLOADS.map((text, i) => message(i + 1, { text, author: { user_id: 20, name: text, role: 'member' } }));
    const system = message(100, { author: { user_id: null, name: '', role: 'system' }, system: { key: 'welcome', params: { name: XSS_PAYLOADS[1] } }, text: '' });
    const { container } = renderList({ messages: [...messages, system] });
    const rendered = texts();
    XSS_PAYLOADS.forEach((payload, i) => expect(rendered[i]).toContain(payload));
    expect(rendered[XSS_PAYLOADS.length]).toContain(`Welcome to ${XSS_PAYLOADS[1]}'s chat`);
    for (const tag of ['script', 'img', 'svg', 'iframe', 'a', 'body']) expect(container.querySelector(`.chat-log ${tag}`)).toBeNull();
    expect(container.querySelector('[onerror], [onload], [href^="javascript"]')).toBeNull();
  });

  it('offers "Load earlier" while older messages exist, and says when it loads', async () => {
    const onLoadEarlier = vi.fn();
    const { rerender } = renderList({ messages: [message(5)], hasMore: true, onLoadEarlier });
    await userEvent.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    expect(onLoadEarlier).toHaveBeenCalledTimes(1);
    rerender(
      <I18nextProvider i18n={testI18n}>
        <ChatMessageList label="Chat with Ava" messages={[message(5)]} viewerUserId={7} hasMore loadingEarlier onLoadEarlier={onLoadEarlier} />
      </I18nextProvider>,
    );
    expect((screen.getByRole('button', { name: 'Loading earlier messages…' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(
      <I18nextProvider i18n={testI18n}>
        <ChatMessageList label="Chat with Ava" messages={[message(1), message(5)]} viewerUserId={7} hasMore={false} onLoadEarlier={onLoadEarlier} />
      </I18nextProvider>,
    );
    expect(screen.queryByRole('button', { name: /earlier/ })).toBeNull();
  });

  it('shows controls a caller puts beside a message (the studio)', () => {
    renderList({ messages: [message(1)], renderActions: (m) => <button type="button">Remove {m.id}</button> });
    expect(screen.getByRole('button', { name: 'Remove 1' })).toBeTruthy();
  });
});
