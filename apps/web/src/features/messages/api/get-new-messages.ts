import type { NewMessages } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/**
 * GET /messages/new_messages?last_message_timestamp: messages to the viewer newer than the cursor (unix ms),
 * the unread total and the server's time (the next cursor). Used by the polling while realtime is down;
 * not a query: each answer is applied to the cached inbox, conversation and unread total.
 */
export function getNewMessages(lastMessageTimestamp: number): Promise<NewMessages> {
  return requireData(call('messages.new', { query: { last_message_timestamp: lastMessageTimestamp } }));
}
