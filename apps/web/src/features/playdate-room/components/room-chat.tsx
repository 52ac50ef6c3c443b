import type { PlaydateChatMessage, PlaydateRoom } from '@velora/shared';
import { PLAYDATE_CHAT_MESSAGE_MAX } from '@velora/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatComposer } from '@/entities/chat/chat-composer';
import { ChatMessageList } from '@/entities/chat/chat-message-list';
import { sendPlaydateMessage } from '../api/send-playdate-message';
import { toChatMessage } from '../chat-lines';

/** The room's chat: entities/chat's list and composer over the playdate's lines (plain text, sent over realtime). */
export function RoomChat({ room, messages, onSent }: { room: PlaydateRoom; messages: readonly PlaydateChatMessage[]; onSent: (message: PlaydateChatMessage) => void }) {
  const { t, i18n } = useTranslation();
  const { playdate, role } = room;
  // Whose lines are "You": known from the room for the two people of a private playdate, learnt from a sent line otherwise.
  const [learntUserId, setLearntUserId] = useState<number | null>(null);
  const viewerUserId = role === 'model' ? playdate.model.user_id : role === 'member' && playdate.member ? playdate.member.id : learntUserId;
  const lines = useMemo(() => messages.map((message) => toChatMessage(message, t, i18n)), [messages, t, i18n]);
  return (
    <section className="playdate-chat" aria-labelledby="playdate-chat-title" data-testid="playdate-chat">
      <h2 id="playdate-chat-title" className="playdate-chat__title">
        {t('playdateRoom.chat.title')}
      </h2>
      <ChatMessageList id="playdate-chat-log" label={t('playdateRoom.chat.label')} messages={lines} viewerUserId={viewerUserId} hasMore={false} emptyText={t('playdateRoom.chat.empty')} />
      <ChatComposer
        label={t('playdateRoom.chat.composer')}
        maxLength={PLAYDATE_CHAT_MESSAGE_MAX}
        onSend={async (text) => {
          const result = await sendPlaydateMessage(playdate.id, text);
          if (result.ok && result.message) {
            setLearntUserId(result.message.author.user_id);
            onSent(result.message);
          }
          return result;
        }}
      />
    </section>
  );
}
