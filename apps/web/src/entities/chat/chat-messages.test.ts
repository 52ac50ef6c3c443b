import { describe, expect, it } from 'vitest';
import { mergeChatMessages, oldestChatMessageId, removeChatMessages } from './chat-messages';
import { chatMessageFixture as message } from './testing/chat-fixtures';

describe('chat messages kept by the screen', () => {
  it('merges pages and live messages in id order, each once, the newer copy winning', () => {
    const current = [message(3), message(5)];
    const merged = mergeChatMessages(current, [message(4), message(1), message(5, { text: 'edited' }), message(4)]);
    expect(merged.map((m) => m.id)).toEqual([1, 3, 4, 5]);
    expect(merged.find((m) => m.id === 5)?.text).toBe('edited');
  });

  it('keeps the same list when nothing arrives', () => {
    const current = [message(1)];
    expect(mergeChatMessages(current, [])).toBe(current);
  });

  it('removes the messages the model took away', () => {
    expect(removeChatMessages([message(1), message(2), message(3)], [2, 9]).map((m) => m.id)).toEqual([1, 3]);
  });

  it('knows the oldest id shown, to page back from', () => {
    expect(oldestChatMessageId([message(7), message(4), message(9)])).toBe(4);
    expect(oldestChatMessageId([])).toBeNull();
  });
});
