import type { ChatMessage, PlaydateChatMessage } from '@velora/shared';
import type { TFunction, i18n as I18n } from 'i18next';

// A playdate room's chat shown with entities/chat's list: its lines mapped onto the camera chat's message shape.
// The server's lines (`playdates.system.<key>`) are put into words here, in the reader's language, because the list
// only knows the camera chat's keys; the English `text` stays the fallback for a key newer than this app.

/** What a server line of a playdate room says in the reader's language (playdateRoom.system.<key> with its params). */
export function playdateSystemText(message: PlaydateChatMessage, t: TFunction, i18n: Pick<I18n, 'exists' | 'language'>): string {
  if (message.system === null) return message.text;
  const name = message.system.key.replace(/^playdates\.system\./, '');
  const key = `playdateRoom.system.${name}`;
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name) || !i18n.exists(key)) return message.text;
  // Values are plain data: put into the words as text, never read as markup or as further keys.
  return (t as (key: string, options: Record<string, unknown>) => string)(key, {
    ...message.system.params,
    interpolation: { escapeValue: false, skipOnVariables: true },
  });
}

/** One playdate line as the chat list shows it (a server line as a system event with its words already chosen). */
export function toChatMessage(message: PlaydateChatMessage, t: TFunction, i18n: Pick<I18n, 'exists' | 'language'>): ChatMessage {
  const system = message.system !== null || message.author.role === 'system';
  return {
    id: message.id,
    camera_id: message.playdate_id,
    kind: 'public',
    author: system ? { user_id: null, name: '', role: 'system' } : message.author,
    to_user_id: null,
    text: system ? playdateSystemText(message, t, i18n) : message.text,
    tip_coins: null,
    system: null,
    created_at: message.created_at,
  };
}

/** The room's lines by id, newest last, each once (a push may repeat what the room's answer held). */
export function mergePlaydateMessages(current: readonly PlaydateChatMessage[], incoming: readonly PlaydateChatMessage[]): PlaydateChatMessage[] {
  const byId = new Map<number, PlaydateChatMessage>();
  for (const message of [...current, ...incoming]) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
