import type { ChatMessage } from '@velora/shared';

// A chat room's messages as the screen keeps them: one per id, in the order of their ids (the room's order, which
// the server gives). History pages, live events and acknowledgements arrive in any order and may repeat.

/** `current` with `incoming` merged in: deduplicated by id (the newer copy wins), ordered by id. */
export function mergeChatMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current as ChatMessage[];
  const byId = new Map<number, ChatMessage>();
  for (const message of current) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** `current` without the messages of `ids` (the model removed them). */
export function removeChatMessages(current: readonly ChatMessage[], ids: readonly number[]): ChatMessage[] {
  if (ids.length === 0) return current as ChatMessage[];
  const gone = new Set(ids);
  return current.filter((message) => !gone.has(message.id));
}

/** The oldest id shown: the `before` of the next page back; null when nothing is shown. */
export function oldestChatMessageId(messages: readonly ChatMessage[]): number | null {
  return messages.length === 0 ? null : Math.min(...messages.map((m) => m.id));
}
