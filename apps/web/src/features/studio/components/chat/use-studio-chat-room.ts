import { useQueryClient } from '@tanstack/react-query';
import type { ChatMessage, ChatMessagesRemovedEvent, ChatParticipantsChangedEvent, ChatSettingsEvent, StudioChat } from '@velora/shared';
import { REALTIME_CHAT_EVENTS, roomName } from '@velora/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { mergeChatMessages, oldestChatMessageId, removeChatMessages } from '@/entities/chat/chat-messages';
import { useRealtimeEvent, useRealtimeRoom } from '@/lib/realtime';
import { getChatHistory } from '../../api/get-chat-history';
import { refreshStudioChat, studioChatQueryOptions } from '../../api/get-studio-chat';

export interface StudioChatRoom {
  messages: ChatMessage[];
  hasMore: boolean;
  /** The first page is loading. */
  loading: boolean;
  loadingEarlier: boolean;
  /** The history could not be loaded (live messages still arrive). */
  historyFailed: boolean;
  loadEarlier: () => void;
  retryHistory: () => void;
  /** A message she sent or the server acknowledged, shown at once (the room's copy may follow; merged by id). */
  add: (message: ChatMessage) => void;
  /** Messages taken out here (her remove), before the room's chat:removed arrives. */
  drop: (ids: number[]) => void;
  /** Realtime is up and she is in the room. */
  joined: boolean;
  connected: boolean;
  /** The server refused her into the room (or took her out). */
  joinFailed: boolean;
  /** People in the room now, per the room's presence. */
  presenceCount: number | null;
}

/**
 * Her chat room, live: joins `chat:<camera id>`, loads the newest page of history, merges chat:message and
 * chat:removed, keeps slow mode (chat:settings) in the studio chat's cache, and asks the server for the participants
 * again on chat:participants and whenever the room's presence changes. After a reconnect that lost events it
 * reloads both.
 */
export function useStudioChatRoom(camera: { id: number; name: string }): StudioChatRoom {
  const queryClient = useQueryClient();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const [historyFailed, setHistoryFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  const loadNewest = useCallback(() => setAttempt((n) => n + 1), []);
  const room = useRealtimeRoom(roomName('chat', camera.id), {
    onResync: () => {
      loadNewest();
      void refreshStudioChat(queryClient);
    },
  });

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setHistoryFailed(false);
    getChatHistory(camera.name, undefined, controller.signal)
      .then((page) => {
        if (controller.signal.aborted) return;
        setMessages((current) => mergeChatMessages(current, page.messages));
        setHasMore(page.has_more);
      })
      .catch(() => {
        if (!controller.signal.aborted) setHistoryFailed(true);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [camera.name, attempt]);

  const messagesRef = useRef(messages);
  useEffect(() => {
    messagesRef.current = messages;
  });
  const loadEarlier = useCallback(() => {
    const before = oldestChatMessageId(messagesRef.current);
    if (before === null) return;
    setLoadingEarlier(true);
    getChatHistory(camera.name, before)
      .then((page) => {
        setMessages((current) => mergeChatMessages(current, page.messages));
        setHasMore(page.has_more);
      })
      .catch(() => setHistoryFailed(true))
      .finally(() => setLoadingEarlier(false));
  }, [camera.name]);

  useRealtimeEvent<ChatMessage>(REALTIME_CHAT_EVENTS.message, (message) => {
    if (message.camera_id === camera.id) setMessages((current) => mergeChatMessages(current, [message]));
  });
  useRealtimeEvent<ChatMessagesRemovedEvent>(REALTIME_CHAT_EVENTS.removed, (event) => {
    if (event.camera_id === camera.id) setMessages((current) => removeChatMessages(current, event.message_ids));
  });
  useRealtimeEvent<ChatSettingsEvent>(REALTIME_CHAT_EVENTS.settings, (event) => {
    if (event.camera_id !== camera.id) return;
    queryClient.setQueryData<StudioChat>(studioChatQueryOptions().queryKey, (chat) =>
      chat ? { ...chat, settings: { ...chat.settings, slow_mode_seconds: event.settings.slow_mode_seconds } } : chat,
    );
  });
  useRealtimeEvent<ChatParticipantsChangedEvent>(REALTIME_CHAT_EVENTS.participants, (event) => {
    if (event.camera_id === camera.id) void refreshStudioChat(queryClient);
  });

  // Someone came or went: the participant list (and the readers count) is the server's to say.
  const presenceVersion = room.presence?.version ?? null;
  const seenVersion = useRef<number | null>(null);
  useEffect(() => {
    if (presenceVersion === null) return;
    if (seenVersion.current !== null && seenVersion.current !== presenceVersion) void refreshStudioChat(queryClient);
    seenVersion.current = presenceVersion;
  }, [presenceVersion, queryClient]);

  const add = useCallback((message: ChatMessage) => setMessages((current) => mergeChatMessages(current, [message])), []);
  const drop = useCallback((ids: number[]) => setMessages((current) => removeChatMessages(current, ids)), []);

  return {
    messages,
    hasMore,
    loading,
    loadingEarlier,
    historyFailed,
    loadEarlier,
    retryHistory: loadNewest,
    add,
    drop,
    joined: room.joined,
    connected: room.connected,
    joinFailed: room.error !== null,
    presenceCount: room.presence?.count ?? null,
  };
}
