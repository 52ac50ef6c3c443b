import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHAT_MESSAGE_MAX } from '@velora/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { testI18n } from '@/test/providers';
import { ChatComposer, type ChatComposerProps, type ChatSendResult } from './chat-composer';

function renderComposer(props: Partial<ChatComposerProps> = {}) {
  const onSend = vi.fn<(text: string) => Promise<ChatSendResult>>(() => Promise.resolve({ ok: true }));
  const utils = render(
    <I18nextProvider i18n={testI18n}>
      <ChatComposer label="Message to Ava" onSend={onSend} {...props} />
    </I18nextProvider>,
  );
  return { onSend: (props.onSend as typeof onSend | undefined) ?? onSend, ...utils };
}

const field = () => screen.getByRole('textbox', { name: 'Message to Ava' });
const refused = (code: string, message = 'No', extra: object = {}): Promise<ChatSendResult> => Promise.resolve({ ok: false, error: { code, message, ...extra } });

afterEach(() => {
  vi.useRealTimers();
});

describe('the chat composer', () => {
  it('sends the trimmed text with Enter and empties the field', async () => {
    const { onSend } = renderComposer();
    await userEvent.type(field(), '  hello Ava  {Enter}');
    expect(onSend).toHaveBeenCalledWith('hello Ava');
    expect((field() as HTMLTextAreaElement).value).toBe('');
  });

  it('refuses an empty message without sending', async () => {
    const { onSend } = renderComposer();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('Write something first.');
  });

  it('counts down to CHAT_MESSAGE_MAX near the end', () => {
    renderComposer();
    expect(screen.queryByTestId('chat-counter')).toBeNull();
    fireEvent.change(field(), { target: { value: 'x'.repeat(CHAT_MESSAGE_MAX - 10) } });
    expect(screen.getByTestId('chat-counter').textContent).toContain(`${CHAT_MESSAGE_MAX - 10} / ${CHAT_MESSAGE_MAX}`);
    expect(screen.getByTestId('chat-counter').textContent).toContain('10 characters left');
    expect(field().getAttribute('maxLength')).toBe(String(CHAT_MESSAGE_MAX));
  });

  it('says slow mode with a countdown, keeps the text and sends again once it is over', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onSend = vi.fn<(text: string) => Promise<ChatSendResult>>().mockReturnValueOnce(refused('CHAT_SLOW_MODE', 'Slow', { retry_after_ms: 3000 })).mockResolvedValue({ ok: true });
    renderComposer({ onSend });
    fireEvent.change(field(), { target: { value: 'again' } });
    await act(async () => {
      fireEvent.submit(field().closest('form')!);
    });
    expect(screen.getByRole('alert').textContent).toContain('Slow mode: you can write again in 3 seconds.');
    expect((field() as HTMLTextAreaElement).value).toBe('again');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(1100);
    });
    expect(screen.getByRole('alert').textContent).toContain('2 seconds');
    await act(async () => {
      vi.advanceTimersByTime(2500);
    });
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false);
    await act(async () => {
      fireEvent.submit(field().closest('form')!);
    });
    expect(onSend).toHaveBeenCalledTimes(2);
  });

  it('waits the slow mode after its own message before the server has to say so', async () => {
    renderComposer({ slowModeSeconds: 10 });
    await userEvent.type(field(), 'one{Enter}');
    expect(screen.getByRole('alert').textContent).toContain('Slow mode: you can write again in 10 seconds.');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says the rate limit with its wait', async () => {
    renderComposer({ onSend: () => refused('TOO_MANY_REQUESTS', 'Too many', { retry_after_ms: 8000 }) });
    await userEvent.type(field(), 'spam{Enter}');
    expect(screen.getByRole('alert').textContent).toContain('You are writing too fast. Try again in 8 seconds.');
  });

  it('says a filtered word and keeps the text to rephrase', async () => {
    renderComposer({ onSend: () => refused('CHAT_FILTERED') });
    await userEvent.type(field(), 'bad word{Enter}');
    expect(screen.getByRole('alert').textContent).toContain('contains a word this chat does not allow');
    expect((field() as HTMLTextAreaElement).value).toBe('bad word');
    expect(field().getAttribute('aria-invalid')).toBe('true');
  });

  it('says muted when the server refuses so, and shows the field off while muted', async () => {
    const { rerender } = renderComposer({ onSend: () => refused('CHAT_MUTED') });
    await userEvent.type(field(), 'hey{Enter}');
    expect(screen.getByRole('alert').textContent).toContain('You were muted in this chat');
    rerender(
      <I18nextProvider i18n={testI18n}>
        <ChatComposer label="Message to Ava" onSend={() => Promise.resolve({ ok: true })} mutedUntil={Math.floor(Date.now() / 1000) + 600} />
      </I18nextProvider>,
    );
    expect((field() as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toMatch(/muted in this chat until/);
  });

  it("says the server's words for other refusals, and a lost connection in its own", async () => {
    const onSend = vi.fn<(text: string) => Promise<ChatSendResult>>().mockReturnValueOnce(refused('VALIDATION_FAILED', 'Bad', { fields: { text: 'Must not contain control characters' } })).mockReturnValueOnce(refused('TIMEOUT'));
    renderComposer({ onSend });
    await userEvent.type(field(), 'x{Enter}');
    expect(screen.getByRole('alert').textContent).toContain('Must not contain control characters');
    await userEvent.type(field(), '{Enter}');
    expect(screen.getByRole('alert').textContent).toContain('the connection is down');
  });

  it('says why writing is off instead of the field', () => {
    renderComposer({ disabledReason: 'Enter the chat to write.' });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Enter the chat to write.');
  });
});
