import { CameraLoadError } from '@/entities/camera/camera-load-error';
import type { ChatMode, ChatRoom } from '@velora/shared';
import { CAMERA_NAME_PATTERN } from '@velora/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { showPopup } from '@/components/popups/popup-store';
import { Skeleton } from '@/components/skeleton';
import { StatusMessage } from '@/components/status-message';
import { isApiError } from '@/lib/http';
import { paths } from '@/paths';
import { useChatRoom } from '../api/get-chat-room';
import type { ChatScreenSlots } from '../chat-screen-slots';
import { EnterPanel } from '../components/enter-panel';
import { SessionBar } from '../components/session-bar';
import { SessionChat } from '../components/session-chat';
import type { ChatNotice } from '../use-chat-entry';
import { useChatEntry } from '../use-chat-entry';
import { useChatMessages } from '../use-chat-messages';
import { useChatRules } from '../use-chat-rules';
import { useChatSession } from '../use-chat-session';
import '../camera-chat.css';

export type { ChatScreenSlots } from '../chat-screen-slots';

const cameraName = (value: string | undefined): string | null => (value !== undefined && CAMERA_NAME_PATTERN.test(value) ? value : null);

/** /free-chat/{name} and /chat/{name}: one screen, flagged free or paid (product §2). */
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

/** The room: the live video beside the session (or the way in), the chat's log and composer while in a session. */
function ChatView({ mode, room, slots }: { mode: ChatMode; room: ChatRoom; slots: ChatScreenSlots }) {
  const { t } = useTranslation();
  const location = useLocation();
  const logId = useId();
  const name = room.camera_name;
  const changedNotice = (location.state as { modeChanged?: ChatMode } | null)?.modeChanged;
  const [notice, setNotice] = useState<ChatNotice>(changedNotice ? { tone: 'info', text: t(changedNotice === 'paid' ? 'cameraChat.nowPaid' : 'cameraChat.nowFree', { name: room.display_name }) } : null);
  const { session, setSession, balance, setBalance, ended, finish } = useChatSession({ mode, room, slots });
  const inSession = session !== null;
  const chat = useChatMessages({ name, cameraId: room.camera_id, inSession, onHistoryFailed: () => setNotice({ tone: 'error', text: t('cameraChat.historyFailed') }) });
  const { settings, mutedUntil } = useChatRules(room);
  const { onEnter, onLeave, entering, leaving } = useChatEntry({ mode, room, ended, setSession, setBalance, finish, setNotice });

  const live = room.live;
  const paidSessionId = session?.kind === 'paid' ? session.id : null;
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
          {live ? slots.renderPlayer({ name, label: t('cameras.player.label', { name: room.display_name }), live, paidSessionId }) : <p className="camera-chat__offline">{t('cameraChat.offline', { name: room.display_name })}</p>}
        </div>
        <section className={session ? 'camera-chat__side camera-chat__side--session' : 'camera-chat__side'} aria-label={t('cameraChat.chatLabel', { name: room.display_name })}>
          {session ? (
            <SessionBar session={session} leaving={leaving} onLeave={() => void onLeave()} onTip={() => showPopup('model-tip', { model_id: room.model_id, model_name: room.display_name })} />
          ) : (
            <EnterPanel mode={mode} room={room} balance={balance} pending={entering} onEnter={onEnter} />
          )}
          {session ? (
            <SessionChat
              id={logId}
              room={room}
              viewerUserId={slots.viewerUserId}
              messages={chat.messages}
              hasMore={chat.hasMore}
              loadingEarlier={chat.loadingEarlier}
              onLoadEarlier={() => void chat.loadEarlier()}
              onSent={chat.addMessage}
              settings={settings}
              mutedUntil={mutedUntil}
              canWrite={inSession && !room.banned}
            />
          ) : null}
        </section>
      </div>
    </div>
  );
}

export const FreeChatRoute = (slots: ChatScreenSlots) => <ChatScreen mode="free" {...slots} />;
export const PaidChatRoute = (slots: ChatScreenSlots) => <ChatScreen mode="paid" {...slots} />;
