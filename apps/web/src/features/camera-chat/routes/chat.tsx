import { useQueryClient } from '@tanstack/react-query';
import { CameraLoadError } from '@/entities/camera/camera-load-error';
import type { ChatMessage, ChatMessagesRemovedEvent, ChatMode, ChatMutedEvent, ChatRoom, ChatSession, ChatSessionEvent, ChatSettingsEvent, ClientEndCode, RoomLeftEvent } from '@velora/shared';
import { CAMERA_NAME_PATTERN, CHAT_END_CODES, CHAT_ERROR_CODES, REALTIME_CHAT_EVENTS, REALTIME_MONEY_EVENTS, REALTIME_ROOM_EVENTS, newIdempotencyKey, roomName } from '@velora/shared';
import type { ReactNode } from 'react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ChatComposer } from '@/entities/chat/chat-composer';
import { ChatMessageList } from '@/entities/chat/chat-message-list';
import { mergeChatMessages, oldestChatMessageId, removeChatMessages } from '@/entities/chat/chat-messages';
import type { PopupData } from '@/components/popups/popup-store';
import { showPopup } from '@/components/popups/popup-store';
import { Skeleton } from '@/components/skeleton';
import { StatusMessage } from '@/components/status-message';
import { beforeLogout } from '@/lib/before-logout';
import { isApiError } from '@/lib/http';
import { useRealtimeEvent, useRealtimeRoom } from '@/lib/realtime';
import { reportError } from '@/lib/report-error';
import { paths, routePath } from '@/paths';
import { chatRoomQueryOptions, useChatRoom } from '../api/get-chat-room';
import { getChatMessages } from '../api/get-chat-messages';
import { useEnterChat } from '../api/enter-chat';
import { leaveChat } from '../api/leave-chat';
import { sendChatMessage } from '../api/send-chat-message';
import { chatExitPath, endCodeOfRoomLeft } from '../chat-exit';
import { SessionBar } from '../components/session-bar';
import type { FreechatPopupData } from '../popup-data';
import { clockText } from '../use-clock';
import '../camera-chat.css';

/** What the app puts in: the live video (the cameras feature's player) and the feedback question after a session. */
export interface ChatScreenSlots {
  /** The member reading (his messages are "You"). */
  viewerUserId: number | null;
  renderPlayer: (camera: { name: string; label: string; live: boolean }) => ReactNode;
  /** A session of at least a minute ended (and no other popup was opened for it). */
  onSessionEnded?: (camera: { name: string; display_name: string }) => void;
}

/** A session that lasted this long is worth a feedback question (SPEC §2 camera-feedback). */
export const FEEDBACK_MIN_SESSION_SECONDS = 60;
/** After room:left without a code of SPEC §4, the session event is awaited this long before leaving with 201. */
export const ROOM_LEFT_GRACE_MS = 2_000;

const cameraName = (value: string | undefined): string | null => (value !== undefined && CAMERA_NAME_PATTERN.test(value) ? value : null);
const otherMode = (mode: ChatMode): ChatMode => (mode === 'free' ? 'paid' : 'free');
const modeRoute = (mode: ChatMode) => (mode === 'free' ? 'freeChat' : 'chat');

/** /free-chat/{name} and /chat/{name}: one screen, flagged free or paid (SPEC §2). */
export function ChatScreen({ mode, ...slots }: { mode: ChatMode } & ChatScreenSlots) {
  const { t } = useTranslation();
  const name = cameraName(useParams().name);
  const room = useChatRoom(name);

  const lawLimited = isApiError(room.error, 451);
  useEffect(() => {
    if (lawLimited) showPopup('law-limitation');
  }, [lawLimited]);

  if (lawLimited) {
    return (
      <div className="page">
        <StatusMessage title={t('cameraChat.lawLimited')} />
      </div>
    );
  }
  if (name === null || room.isError) {
    return <CameraLoadError error={name === null ? null : room.error} errorTitle={t('cameraChat.errorTitle')} onRetry={() => void room.refetch()} />;
  }
  if (room.isPending) {
    return (
      <div className="page" role="status" aria-label={t('cameraChat.loading')} data-testid="chat-loading">
        <div aria-hidden="true" className="camera-chat__layout">
          <Skeleton className="camera-chat__stage" />
          <Skeleton height="20rem" />
        </div>
      </div>
    );
  }
  return <ChatView key={name} mode={mode} room={room.data} slots={slots} />;
}

type Notice = { tone: 'info' | 'error'; text: string } | null;

function ChatView({ mode, room, slots }: { mode: ChatMode; room: ChatRoom; slots: ChatScreenSlots }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const logId = useId();
  const name = room.camera_name;
  const enter = useEnterChat();
  const [session, setSession] = useState<ChatSession | null>(room.session?.state === 'open' ? room.session : null);
  const [balance, setBalance] = useState(room.balance);
  const [settings, setSettings] = useState(room.settings);
  const [mutedUntil, setMutedUntil] = useState(room.muted_until);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const changedNotice = (location.state as { modeChanged?: ChatMode } | null)?.modeChanged;
  const [notice, setNotice] = useState<Notice>(changedNotice ? { tone: 'info', text: t(changedNotice === 'paid' ? 'cameraChat.nowPaid' : 'cameraChat.nowFree', { name: room.display_name }) } : null);
  // One key per attempt to enter: a retry of the same click enters (and charges) once.
  const attemptKey = useRef<string | null>(null);
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
  // popups, SPEC §2), what the way it ended calls for. Decided after the commit that unmounted it: a remount of the
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

  // ---- In the room ----
  const inSession = session !== null;
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
  useRealtimeRoom(inSession ? roomName('chat', room.camera_id) : null, { onResync: () => void loadNewest() });

  const loadEarlier = async () => {
    const before = oldestChatMessageId(messages);
    if (before === null || loadingEarlier) return;
    setLoadingEarlier(true);
    try {
      const page = await getChatMessages(name, before);
      setMessages((current) => mergeChatMessages(current, page.messages));
      setHasMore(page.has_more);
    } catch {
      setNotice({ tone: 'error', text: t('cameraChat.historyFailed') });
    } finally {
      setLoadingEarlier(false);
    }
  };

  useRealtimeEvent<ChatMessage>(REALTIME_CHAT_EVENTS.message, (message) => {
    if (message.camera_id === room.camera_id && inSession) setMessages((current) => mergeChatMessages(current, [message]));
  });
  useRealtimeEvent<ChatMessagesRemovedEvent>(REALTIME_CHAT_EVENTS.removed, (event) => {
    if (event.camera_id === room.camera_id) setMessages((current) => removeChatMessages(current, event.message_ids));
  });
  useRealtimeEvent<ChatSettingsEvent>(REALTIME_CHAT_EVENTS.settings, (event) => {
    if (event.camera_id === room.camera_id) setSettings(event.settings);
  });
  useRealtimeEvent<ChatMutedEvent>(REALTIME_CHAT_EVENTS.muted, (event) => {
    if (event.camera_id === room.camera_id) setMutedUntil(event.muted_until);
  });
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

  // ---- Entering and leaving ----
  const price = room.price_per_minute;
  const onEnter = () => {
    if (enter.isPending) return;
    attemptKey.current ??= newIdempotencyKey();
    setNotice(null);
    enter.mutate(
      { name, body: mode === 'paid' ? { kind: 'paid', price_per_minute: price } : { kind: 'free' }, idempotencyKey: attemptKey.current },
      {
        onSuccess: (opened) => {
          attemptKey.current = null;
          ended.current = false;
          setSession(opened);
          if (opened.kind === 'paid' && opened.price_per_minute !== null) setBalance((coins) => Math.max(0, coins - opened.price_per_minute!));
        },
        onError: (error) => {
          // A definite answer ends the attempt; a lost one (no status) keeps its key for the retry.
          if (isApiError(error)) attemptKey.current = null;
          onEnterRefused(error);
        },
      },
    );
  };

  const onEnterRefused = (error: unknown) => {
    const code = isApiError(error) ? error.code : null;
    const freechatData: FreechatPopupData = { name, display_name: room.display_name, price_per_minute: price };
    switch (code) {
      case CHAT_ERROR_CODES.priceChanged:
        void queryClient.invalidateQueries({ queryKey: chatRoomQueryOptions(name).queryKey });
        setNotice({ tone: 'info', text: t('cameraChat.enter.priceChanged') });
        return;
      case CHAT_ERROR_CODES.insufficientCoins:
        showPopup('buy-coins');
        setNotice({ tone: 'error', text: t('cameraChat.enter.insufficientCoins') });
        return;
      case CHAT_ERROR_CODES.freeChatUsedUp:
        showPopup('freechat', { ...freechatData });
        setNotice({ tone: 'error', text: t('cameraChat.enter.freeUsedUp') });
        return;
      case CHAT_ERROR_CODES.freeChatOff:
        setNotice({ tone: 'error', text: t('cameraChat.enter.freeOff') });
        return;
      case CHAT_ERROR_CODES.wrongMode:
        navigate(routePath(modeRoute(otherMode(mode)), { name }), { replace: true, state: { modeChanged: otherMode(mode) } });
        return;
      case CHAT_ERROR_CODES.banned:
        setNotice({ tone: 'error', text: t('cameraChat.banned', { name: room.display_name }) });
        return;
      case CHAT_ERROR_CODES.offline:
        void queryClient.invalidateQueries({ queryKey: chatRoomQueryOptions(name).queryKey });
        setNotice({ tone: 'error', text: t('cameraChat.offline', { name: room.display_name }) });
        return;
      default:
        setNotice({ tone: 'error', text: isApiError(error) && error.status < 500 ? error.message : t('cameraChat.enter.failed') });
    }
  };

  const onLeave = async (code: ClientEndCode = CHAT_END_CODES.closedByUser) => {
    if (leaving || ended.current) return;
    setLeaving(true);
    try {
      const closed = await leaveChat(name, code);
      finish(closed.end_code ?? code);
    } catch (error) {
      // No open session any more (409): it ended meanwhile, and its event says why or already did.
      if (isApiError(error, 409) || isApiError(error, 404)) finish(code);
      else setNotice({ tone: 'error', text: t('cameraChat.session.leaveFailed') });
    } finally {
      setLeaving(false);
    }
  };

  const live = room.live;
  const canWrite = inSession && !room.banned;
  return (
    <div className="page camera-chat">
      <header className="camera-chat__header">
        <h1 className="page-header__title">{t(mode === 'paid' ? 'cameraChat.titlePaid' : 'cameraChat.titleFree', { name: room.display_name })}</h1>
        <Link className="camera-chat__back" to={paths.camera(name)}>
          {t('cameraChat.back', { name: room.display_name })}
        </Link>
      </header>
      <div className="camera-chat__notice" role={notice?.tone === 'error' ? 'alert' : 'status'} data-testid="chat-notice">
        {notice ? <p className={`form-alert form-alert--${notice.tone}`}>{notice.text}</p> : null}
      </div>
      <div className="camera-chat__layout">
        <div className="camera-chat__stage" data-testid="chat-stage">
          {live ? slots.renderPlayer({ name, label: t('cameras.player.label', { name: room.display_name }), live }) : <p className="camera-chat__offline">{t('cameraChat.offline', { name: room.display_name })}</p>}
        </div>
        <section className={session ? 'camera-chat__side camera-chat__side--session' : 'camera-chat__side'} aria-label={t('cameraChat.chatLabel', { name: room.display_name })}>
          {session ? (
            <SessionBar session={session} leaving={leaving} onLeave={() => void onLeave()} onTip={() => showPopup('model-tip', { model_id: room.model_id, model_name: room.display_name })} />
          ) : (
            <EnterPanel mode={mode} room={room} balance={balance} pending={enter.isPending} onEnter={onEnter} />
          )}
          {session ? (
            <>
              <ChatMessageList
                id={logId}
                label={t('cameraChat.logLabel', { name: room.display_name })}
                messages={messages}
                viewerUserId={slots.viewerUserId}
                hasMore={hasMore}
                loadingEarlier={loadingEarlier}
                onLoadEarlier={() => void loadEarlier()}
                emptyText={t('cameraChat.empty')}
              />
              <ChatComposer
                label={t('cameraChat.composerLabel', { name: room.display_name })}
                onSend={async (text) => {
                  const result = await sendChatMessage(room.camera_id, text);
                  if (result.ok && result.message) setMessages((current) => mergeChatMessages(current, [result.message!]));
                  return result;
                }}
                maxLength={settings.message_max}
                slowModeSeconds={settings.slow_mode_seconds}
                mutedUntil={mutedUntil}
                disabledReason={canWrite ? null : t('cameraChat.enterToWrite')}
              />
            </>
          ) : null}
        </section>
      </div>
    </div>
  );
}

interface EnterPanelProps {
  mode: ChatMode;
  room: ChatRoom;
  balance: number;
  pending: boolean;
  onEnter: () => void;
}

/** Before entering: the free time left today, or the price and the member's coins; the one clear way in. */
function EnterPanel({ mode, room, balance, pending, onEnter }: EnterPanelProps) {
  const { t } = useTranslation();
  const price = room.price_per_minute ?? 0;
  if (room.banned) {
    return (
      <div className="chat-enter" data-testid="chat-enter">
        <p role="alert">{t('cameraChat.banned', { name: room.display_name })}</p>
      </div>
    );
  }
  if (!room.live) {
    return (
      <div className="chat-enter" data-testid="chat-enter">
        <p>{t('cameraChat.offline', { name: room.display_name })}</p>
      </div>
    );
  }
  if (mode === 'free' && room.chat_mode === 'free' && !room.free.available) {
    // Feature freechat is off for this member: nothing to enter here; the popup offers paid chat and coins instead.
    return (
      <div className="chat-enter" data-testid="chat-enter">
        <p data-testid="free-off">{t('cameraChat.enter.freeOff')}</p>
        <button type="button" className="button button--primary" onClick={() => showPopup('freechat', { name: room.camera_name, display_name: room.display_name, price_per_minute: room.price_per_minute } satisfies FreechatPopupData)}>
          {t('cameraChat.enter.freeOptions')}
        </button>
      </div>
    );
  }
  if (mode === 'free') {
    const usedUp = room.free.remaining_seconds <= 0;
    return (
      <div className="chat-enter" data-testid="chat-enter">
        <p data-testid="free-left">{usedUp ? t('cameraChat.enter.freeUsedUp') : t('cameraChat.enter.freeLeft', { time: clockText(room.free.remaining_seconds) })}</p>
        {usedUp ? (
          <button type="button" className="button button--primary" onClick={() => showPopup('freechat', { name: room.camera_name, display_name: room.display_name, price_per_minute: room.price_per_minute } satisfies FreechatPopupData)}>
            {t('cameraChat.enter.freeOptions')}
          </button>
        ) : (
          <button type="button" className="button button--primary" onClick={onEnter} disabled={pending} aria-busy={pending || undefined}>
            {pending ? t('cameraChat.enter.entering') : t('cameraChat.enter.free')}
          </button>
        )}
      </div>
    );
  }
  return (
    <div className="chat-enter" data-testid="chat-enter">
      <dl className="chat-enter__facts">
        <div>
          <dt>{t('cameraChat.enter.price')}</dt>
          <dd data-testid="chat-price">{t('cameraChat.enter.perMinute', { count: price })}</dd>
        </div>
        <div>
          <dt>{t('cameraChat.enter.balance')}</dt>
          <dd data-testid="chat-balance">{t('cameraChat.enter.coins', { count: balance })}</dd>
        </div>
      </dl>
      <button type="button" className="button button--primary" onClick={onEnter} disabled={pending} aria-busy={pending || undefined}>
        {pending ? t('cameraChat.enter.entering') : t('cameraChat.enter.paid', { count: price })}
      </button>
      <p className="chat-enter__hint">{t('cameraChat.enter.paidHint')}</p>
    </div>
  );
}

export const FreeChatRoute = (slots: ChatScreenSlots) => <ChatScreen mode="free" {...slots} />;
export const PaidChatRoute = (slots: ChatScreenSlots) => <ChatScreen mode="paid" {...slots} />;
