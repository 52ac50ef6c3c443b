import type { ChatMessage, ChatRoom, ChatRoomSettings } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { ChatComposer } from '@/entities/chat/chat-composer';
import { ChatMessageList } from '@/entities/chat/chat-message-list';
import { sendChatMessage } from '../api/send-chat-message';

interface SessionChatProps {
  /** The log's id. */
  id: string;
  room: ChatRoom;
  viewerUserId: number | null;
  messages: ChatMessage[];
  hasMore: boolean;
  loadingEarlier: boolean;
  onLoadEarlier: () => void;
  /** A message the member sent, to show before its echo. */
  onSent: (message: ChatMessage) => void;
  settings: ChatRoomSettings;
  mutedUntil: number | null;
  /** The member may write (in a session and not banned). */
  canWrite: boolean;
}

/** The chat while in a session: the log of messages and the composer under it. */
export function SessionChat({ id, room, viewerUserId, messages, hasMore, loadingEarlier, onLoadEarlier, onSent, settings, mutedUntil, canWrite }: SessionChatProps) {
  const { t } = useTranslation();
  return (
    <>
      <ChatMessageList
        id={id}
        label={t('cameraChat.logLabel', { name: room.display_name })}
        messages={messages}
        viewerUserId={viewerUserId}
        hasMore={hasMore}
        loadingEarlier={loadingEarlier}
        onLoadEarlier={onLoadEarlier}
        emptyText={t('cameraChat.empty')}
      />
      <ChatComposer
        label={t('cameraChat.composerLabel', { name: room.display_name })}
        onSend={async (text) => {
          const result = await sendChatMessage(room.camera_id, text);
          if (result.ok && result.message) onSent(result.message);
          return result;
        }}
        maxLength={settings.message_max}
        slowModeSeconds={settings.slow_mode_seconds}
        mutedUntil={mutedUntil}
        disabledReason={canWrite ? null : t('cameraChat.enterToWrite')}
      />
    </>
  );
}
