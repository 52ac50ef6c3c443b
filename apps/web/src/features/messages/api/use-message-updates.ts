import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MessagesReadEvent, NewMessageEvent, REALTIME_EVENTS, UnreadTotal } from '@velora/shared';
import { useCallback, useEffect, useRef } from 'react';
import { isApiError } from '@/lib/http';
import { useRealtimeConnected, useRealtimeEvent } from '@/lib/realtime';
import { reportError } from '@/lib/report-error';
import { applyMessagesRead, applyNewMessage, setUnreadTotal } from '../message-cache';
import { getNewMessages } from './get-new-messages';
import { unreadTotalQueryOptions } from './get-unread-total';

/** How often the inbox is asked for news while the realtime connection is down. */
export const POLL_INTERVAL_MS = 15_000;
/** The most messages one poll answers (NewMessages): a full answer means more may be waiting. */
const POLL_BATCH = 100;

/**
 * Keeps the inbox, the open conversation and the unread total current for a logged-in user: from the
 * realtime events while connected, else by polling GET /messages/new_messages every 15 s from a cursor
 * (unix ms) the server hands out. Mounted once by the app shell, for logged-in users only.
 */
export function useMessageUpdates(): void {
  const queryClient = useQueryClient();
  const connected = useRealtimeConnected();
  // The total for the badge; its answer also carries the server's time, the first cursor.
  const unread = useQuery(unreadTotalQueryOptions());
  const cursor = useRef<number | null>(null);
  const polling = useRef(false);

  useEffect(() => {
    if (cursor.current === null && unread.data) cursor.current = unread.data.server_time;
  }, [unread.data]);

  // A pushed message moves the cursor too, so a poll after a drop starts where the pushes stopped
  // (one ms early: two messages of the same ms; applying one twice changes nothing).
  const advance = (createdAt: number) => {
    cursor.current = Math.max(cursor.current ?? 0, createdAt - 1);
  };

  const poll = useCallback(async () => {
    if (polling.current) return;
    polling.current = true;
    try {
      const news = await getNewMessages(cursor.current ?? 0);
      for (const message of news.messages) applyNewMessage(queryClient, message);
      setUnreadTotal(queryClient, news.unread_total);
      const last = news.messages.at(-1);
      cursor.current = news.messages.length >= POLL_BATCH && last ? last.created_at - 1 : news.server_time;
    } catch (error) {
      // The next poll tries again; a refusal (e.g. a logged-out session) is the session's business.
      if (!isApiError(error)) reportError(error, { during: 'messages polling' });
    } finally {
      polling.current = false;
    }
  }, [queryClient]);

  useRealtimeEvent(REALTIME_EVENTS.messageNew, (payload: unknown) => {
    const event = NewMessageEvent.safeParse(payload);
    if (!event.success) return;
    applyNewMessage(queryClient, event.data.message, event.data.unread_total);
    if (!event.data.message.from_me) advance(event.data.message.created_at);
  });
  useRealtimeEvent(REALTIME_EVENTS.unreadChanged, (payload: unknown) => {
    const event = UnreadTotal.safeParse(payload);
    if (event.success) setUnreadTotal(queryClient, event.data.unread_total);
  });
  useRealtimeEvent(REALTIME_EVENTS.messagesRead, (payload: unknown) => {
    const event = MessagesReadEvent.safeParse(payload);
    if (event.success) applyMessagesRead(queryClient, event.data);
  });

  // Down: poll every 15 s. Back up after a drop: one poll at once for what was pushed into the void.
  const everConnected = useRef(false);
  const dropped = useRef(false);
  useEffect(() => {
    if (!connected) {
      if (everConnected.current) dropped.current = true;
      const timer = setInterval(() => void poll(), POLL_INTERVAL_MS);
      return () => clearInterval(timer);
    }
    everConnected.current = true;
    if (dropped.current) {
      dropped.current = false;
      void poll();
    }
    return undefined;
  }, [connected, poll]);
}
