import type { ChatMessage } from '@velora/shared';
import type { TFunction, i18n as I18n } from 'i18next';

/**
 * What a server message says in the reader's language: `chat.system.<key>` with its params, or the English `text`
 * the server sent when this browser has no words for the key (a key newer than the app).
 */
export function systemMessageText(message: ChatMessage, t: TFunction, i18n: Pick<I18n, 'exists'>): string {
  if (message.system === null) return message.text;
  const key = `chat.system.${message.system.key}`;
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(message.system.key) || !i18n.exists(key)) return message.text;
  // Values are plain data: they are put into the words as text, never read as markup or as further keys.
  return (t as (key: string, options: Record<string, unknown>) => string)(key, { ...message.system.params, interpolation: { escapeValue: false, skipOnVariables: true } });
}
