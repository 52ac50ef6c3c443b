import type { InfiniteData } from '@tanstack/react-query';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Conversation } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import type { ConversationTarget } from '../conversation-target';
import { conversationKeyOf } from '../conversation-target';

/**
 * GET /messages/{name}?before, GET /messages/playdate/{id}?before: the newest page of a conversation,
 * oldest first; `before` (a message id) asks for the page before it.
 */
export function getConversation(target: ConversationTarget, before: number | undefined, signal?: AbortSignal): Promise<Conversation> {
  const query = before === undefined ? undefined : { before };
  return requireData(
    target.kind === 'name'
      ? call('messages.conversation', { params: { name: target.name }, query }, { signal })
      : call('messages.playdate.get', { params: { id: target.id }, query }, { signal }),
  );
}

/** The cached pages: [0] is the newest page, each next one older (shown in reverse). */
export type ConversationPages = InfiniteData<Conversation, unknown>;

export const CONVERSATION_QUERY_PREFIX = ['messages', 'conversation'] as const;

export const conversationQueryOptions = (target: ConversationTarget) =>
  infiniteQueryOptions({
    queryKey: [...CONVERSATION_QUERY_PREFIX, ...conversationKeyOf(target)] as const,
    queryFn: ({ pageParam, signal }) => getConversation(target, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    // "Older" is the next page: before = the first (oldest) message of the oldest page loaded.
    getNextPageParam: (oldest) => (oldest.has_more ? oldest.messages[0]?.id : undefined),
  });

export function useConversation(target: ConversationTarget) {
  return useInfiniteQuery(conversationQueryOptions(target));
}
