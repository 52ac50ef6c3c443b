import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UNSUBSCRIBABLE_GROUPS, UnsubscribedGroups } from '@velora/shared';
import { PROVIDER_INBOX_SEGMENT } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import type { ConversationPages } from './get-conversation';
import { conversationQueryOptions } from './get-conversation';

export type UnsubscribableGroup = (typeof UNSUBSCRIBABLE_GROUPS)[number];

/** PUT /messages/unsubscribe/{group}: no more site messages of the group; `{subscribe: true}` undoes it. */
export function setGroupSubscription(group: UnsubscribableGroup, subscribed: boolean): Promise<UnsubscribedGroups> {
  return requireData(call('messages.unsubscribe', { params: { group }, body: subscribed ? { subscribe: true } : {} }));
}

/** Toggles a group of site messages; the answer's list becomes the site inbox's `unsubscribed_groups`. */
export function useGroupSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ group, subscribed }: { group: UnsubscribableGroup; subscribed: boolean }) => setGroupSubscription(group, subscribed),
    onSuccess: ({ unsubscribed_groups }) =>
      queryClient.setQueryData<ConversationPages>(conversationQueryOptions({ kind: 'name', name: PROVIDER_INBOX_SEGMENT }).queryKey, (old) =>
        old ? { ...old, pages: old.pages.map((page) => ({ ...page, unsubscribed_groups })) } : old,
      ),
  });
}
