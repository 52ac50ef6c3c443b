import type { Message } from '@velora/shared';
import { PROVIDER_INBOX_SEGMENT } from '@velora/shared';

/** Which conversation a screen shows: one with a person (or the site inbox), or a playdate's offline messages. */
export type ConversationTarget = { kind: 'name'; name: string } | { kind: 'playdate'; id: number };

/** The part of a cache key that names a conversation. Usernames are compared without case. */
export function conversationKeyOf(target: ConversationTarget): readonly [string, string | number] {
  return target.kind === 'name' ? ['name', target.name.toLowerCase()] : ['playdate', target.id];
}

/** The conversation a message belongs to. */
export function targetOfMessage(message: Pick<Message, 'with' | 'playdate_id'>): ConversationTarget {
  return message.playdate_id === null ? { kind: 'name', name: message.with } : { kind: 'playdate', id: message.playdate_id };
}

export function sameTarget(a: ConversationTarget, b: ConversationTarget): boolean {
  const [ka, va] = conversationKeyOf(a);
  const [kb, vb] = conversationKeyOf(b);
  return ka === kb && va === vb;
}

export function isSiteInbox(target: ConversationTarget): boolean {
  return target.kind === 'name' && target.name.toLowerCase() === PROVIDER_INBOX_SEGMENT;
}
