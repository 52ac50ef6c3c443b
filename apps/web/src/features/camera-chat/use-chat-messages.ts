import type { ChatMessage, ChatMessagesRemovedEvent } from '@velora/shared';
import { REALTIME_CHAT_EVENTS, roomName } from '@velora/shared';
import { useCallback, useEffect, useState } from 'react';
import { mergeChatMessages, oldestChatMessageId, removeChatMessages } from '@/entities/chat/chat-messages';
import { isApiError } from '@/lib/http';
import { useRealtimeEvent, useRealtimeRoom } from '@/lib/realtime';
import { reportError } from '@/lib/report-error';
import { getChatMessages } from './api/get-chat-messages';

/**
 * The chat's messages while the member is in a session: the newest page on entering and on every resync of the room,
 * earlier pages on demand, new and removed ones as they come. `onHistoryFailed`: an earlier page did not load.
 */
export function useChatMessages({ name, cameraId, inSession, onHistoryFailed }: { name: string; cameraId: number; inSession: boolean; onHistoryFailed: () => void }) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loadingEarlier, setLoadingEarlier] = useState(false);

  const loadNewest = useCallback(async () => {
    try {
      const page = await getChatMessages(name, null);
      setMessages((current) => mergeChatMessages(current, page.messages));
      setHasMore((more) => (oldestChatMessageId(page.messages) !== null ? more || page.has_more : page.has_more));
    } catch (error) {
      if (!isApiError(error)) reportError(error, { during: 'chat history' });
    }
  }, [name]);
  useEffect(() => {
    if (inSession) void loadNewest();
  }, [inSession, loadNewest]);
  useRealtimeRoom(inSession ? roomName('chat', cameraId) : null, { onResync: () => void loadNewest() });

  const loadEarlier = async () => {
    const before = oldestChatMessageId(messages);
    if (before === null || loadingEarlier) return;
    setLoadingEarlier(true);
    try {
      const page = await getChatMessages(name, before);
      setMessages((current) => mergeChatMessages(current, page.messages));
      setHasMore(page.has_more);
    } catch {
      onHistoryFailed();
    } finally {
      setLoadingEarlier(false);
    }
  };

  /** A message the member sent, shown before its realtime echo. */
  const addMessage = (message: ChatMessage) => setMessages((current) => mergeChatMessages(current, [message]));

  useRealtimeEvent<ChatMessage>(REALTIME_CHAT_EVENTS.message, (message) => {
    if (message.camera_id === cameraId && inSession) setMessages((current) => mergeChatMessages(current, [message]));
  });
  useRealtimeEvent<ChatMessagesRemovedEvent>(REALTIME_CHAT_EVENTS.removed, (event) => {
    if (event.camera_id === cameraId) setMessages((current) => removeChatMessages(current, event.message_ids));
  });

  return { messages, hasMore, loadingEarlier, loadEarlier, addMessage };
}
