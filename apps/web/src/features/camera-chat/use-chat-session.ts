import { useQueryClient } from '@tanstack/react-query';
import type { ChatMode, ChatRoom, ChatSession, ChatSessionEvent, RoomLeftEvent } from '@velora/shared';
import { CHAT_END_CODES, REALTIME_CHAT_EVENTS, REALTIME_MONEY_EVENTS, REALTIME_ROOM_EVENTS, roomName } from '@velora/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { PopupData } from '@/components/popups/popup-store';
import { showPopup } from '@/components/popups/popup-store';
import { beforeLogout } from '@/lib/before-logout';
import { useRealtimeEvent } from '@/lib/realtime';
import { reportError } from '@/lib/report-error';
import { routePath } from '@/paths';
import { chatRoomQueryOptions } from './api/get-chat-room';
import { leaveChat } from './api/leave-chat';
import { chatExitPath, endCodeOfRoomLeft } from './chat-exit';
import type { ChatScreenSlots } from './chat-screen-slots';
import type { FreechatPopupData } from './popup-data';

/** A session that lasted this long is worth a feedback question (product §2 camera-feedback). */
export const FEEDBACK_MIN_SESSION_SECONDS = 60;
/** After room:left without a code of product §4, the session event is awaited this long before leaving with 201. */
export const ROOM_LEFT_GRACE_MS = 2_000;

/** The route of the chat screen of a mode: /free-chat/{name} or /chat/{name}. */
export const modeRoute = (mode: ChatMode) => (mode === 'free' ? 'freeChat' : 'chat');

/**
 * The member's session in a camera's chat, from the room's open one (if any) to its end, however it ends: by the
 * server's session event, by room:left, by leaving the screen (102), by logging out (101). `finish` ends it once and
 * goes to the exit path of its code; what the way it ended calls for (a popup, the feedback question) comes once the
 * next page is on. Also the member's coins, which the session's events and the money events keep.
 */
export function useChatSession({ mode, room, slots }: { mode: ChatMode; room: ChatRoom; slots: ChatScreenSlots }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const name = room.camera_name;
  const [session, setSession] = useState<ChatSession | null>(room.session?.state === 'open' ? room.session : null);
  const [balance, setBalance] = useState(room.balance);
  // Set once the session is over (any way): nothing else may end it again, and leaving the screen sends no 102.
  const ended = useRef(false);
  const afterLeaving = useRef<{ popup: { type: 'freechat' | 'buy-coins'; data: PopupData } | null; feedback: boolean }>({ popup: null, feedback: false });
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const slotsRef = useRef(slots);
  slotsRef.current = slots;
  const roomRef = useRef(room);
  roomRef.current = room;

  // A room in the other mode (and no session of this one): the other screen is the right one.
  useEffect(() => {
    if (session === null && room.chat_mode !== mode) navigate(routePath(modeRoute(room.chat_mode), { name }), { replace: true, state: { modeChanged: room.chat_mode } });
  }, [session, room.chat_mode, mode, name, navigate]);

  const finish = useCallback(
    (code: number) => {
      if (ended.current) return;
      ended.current = true;
      const current = sessionRef.current;
      const lasted = current ? Date.now() / 1000 - current.started_at : 0;
      const data: FreechatPopupData = { name, display_name: roomRef.current.display_name, price_per_minute: roomRef.current.price_per_minute };
      const popup = code === CHAT_END_CODES.videoTimeLimit ? { type: 'freechat' as const, data: { ...data } } : code === CHAT_END_CODES.noCredit ? { type: 'buy-coins' as const, data: {} } : null;
      afterLeaving.current = { popup, feedback: popup === null && lasted >= FEEDBACK_MIN_SESSION_SECONDS };
      void queryClient.invalidateQueries({ queryKey: chatRoomQueryOptions(name).queryKey });
      navigate(chatExitPath(code, name));
    },
    [name, navigate, queryClient],
  );

  // Leaving the screen: 102 while a session is open; then, once the next page is on (every navigation closes all
  // popups, product §2), what the way it ended calls for. Decided after the commit that unmounted it: a remount of the
  // same screen (StrictMode's check) has set `mounted` again by then, a real departure has not.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      setTimeout(() => {
        if (mounted.current) return;
        const open = sessionRef.current;
        if (!ended.current && open !== null) {
          ended.current = true;
          void leaveChat(name, CHAT_END_CODES.clientDestruct).catch((error: unknown) => reportError(error, { during: 'chat leave 102' }));
          afterLeaving.current = { popup: null, feedback: Date.now() / 1000 - open.started_at >= FEEDBACK_MIN_SESSION_SECONDS };
        }
        const { popup, feedback } = afterLeaving.current;
        if (popup) showPopup(popup.type, popup.data);
        else if (feedback) slotsRef.current.onSessionEnded?.({ name, display_name: roomRef.current.display_name });
      }, 0);
    };
  }, [name]);

  // Logging out while in a session ends it with 101 first (while the token still works).
  useEffect(
    () =>
      beforeLogout(async () => {
        if (ended.current || sessionRef.current === null) return;
        ended.current = true;
        await leaveChat(name, CHAT_END_CODES.clientLogout);
      }),
    [name],
  );

  const inSession = session !== null;
  useRealtimeEvent<ChatSessionEvent>(REALTIME_CHAT_EVENTS.session, (event) => {
    if (event.session.camera_id !== room.camera_id) return;
    setBalance(event.balance);
    if (event.session.state === 'ended') finish(event.session.end_code ?? CHAT_END_CODES.closedByUser);
    else setSession(event.session);
  });
  useRealtimeEvent<{ coins: number }>(REALTIME_MONEY_EVENTS.balance, (event) => setBalance(event.coins));
  const leftTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (leftTimer.current) clearTimeout(leftTimer.current);
  }, []);
  useRealtimeEvent<RoomLeftEvent>(REALTIME_ROOM_EVENTS.left, (event) => {
    if (event.room !== roomName('chat', room.camera_id) || !inSession) return;
    const code = endCodeOfRoomLeft(event.code);
    if (code !== null) finish(code);
    // The server took us out (a kick, a ban): its session event says why; without one, it was the model's doing.
    else leftTimer.current = setTimeout(() => finish(CHAT_END_CODES.hostKick), ROOM_LEFT_GRACE_MS);
  });

  return { session, setSession, balance, setBalance, ended, finish };
}
