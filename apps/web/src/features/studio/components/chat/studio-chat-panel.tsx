import type { ChatMessage, StudioCamera } from '@velora/shared';
import { CHAT_CLIENT_EVENTS } from '@velora/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { ErrorState } from '@/components/status-message';
import { ChatComposer, type ChatSendResult } from '@/entities/chat/chat-composer';
import { ChatMessageList } from '@/entities/chat/chat-message-list';
import { emitWithAck } from '@/lib/realtime';
import { useStudioChat } from '../../api/get-studio-chat';
import { removeChatMessage } from '../../api/remove-chat-message';
import { chatRefusalOf } from '../../chat-refusal';
import { ChatBans } from './chat-bans';
import { ChatEarnings } from './chat-earnings';
import { ChatParticipants } from './chat-participants';
import { ChatSettingsForm } from './chat-settings-form';
import { useStudioChatRoom } from './use-studio-chat-room';

/** People's messages can be removed; the server's own (advertisement, reminders, feedback) are not hers to remove. */
const removable = (message: ChatMessage) => message.author.role !== 'system';

/**
 * Her camera's chat beside the live controls (decision record 039): the room's messages, writing to all or
 * whispering to one, and the moderation of studio.chat.*: participants (mute, kick, ban), slow mode and the word
 * filter, bans, and the show's earnings.
 */
export function StudioChatPanel({ camera }: { camera: StudioCamera['camera'] }) {
  const { t } = useTranslation();
  const logId = useId();
  const targetId = useId();
  const chat = useStudioChat();
  const room = useStudioChatRoom({ id: camera.id, name: camera.name });
  const [whisperTo, setWhisperTo] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [messageError, setMessageError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);

  const participants = chat.data?.participants ?? [];
  // A whisper's member who left: her next message goes to everyone again.
  const target = whisperTo !== null && participants.some((p) => p.user_id === whisperTo) ? whisperTo : null;
  const nameOfUser = (userId: number) => participants.find((p) => p.user_id === userId)?.name ?? chat.data?.bans.find((b) => b.user_id === userId)?.name ?? null;
  // Her own messages are the model's in her room (the studio knows her model, not her user id).
  const selfId = room.messages.find((m) => m.author.role === 'model')?.author.user_id ?? null;

  const send = async (text: string): Promise<ChatSendResult> => {
    const ack = await emitWithAck(CHAT_CLIENT_EVENTS.send, {
      camera_id: camera.id,
      text,
      kind: target === null ? 'public' : 'private',
      to_user_id: target,
    });
    if (!ack.ok) return { ok: false, error: ack.error };
    room.add(ack.message);
    return { ok: true };
  };

  const remove = async (message: ChatMessage) => {
    setRemoving(message.id);
    setMessageError(null);
    try {
      await removeChatMessage(message.id);
      room.drop([message.id]);
      setAnnouncement(t('studioChat.messages.removed'));
    } catch (failure) {
      setMessageError(chatRefusalOf(failure, t, t('studioChat.errors.messageGone')));
    } finally {
      setRemoving(null);
    }
  };

  let status: string;
  if (!room.connected) status = t('studioChat.status.offline');
  else if (room.joinFailed) status = t('studioChat.status.refused');
  else if (!room.joined) status = t('studioChat.status.joining');
  else status = t('studioChat.status.joined');

  return (
    <section className="studio-card studio-chat" aria-labelledby="studio-chat-title" data-testid="studio-chat">
      <div className="studio-chat__header">
        <h2 id="studio-chat-title" className="studio-card__title">
          {t('studioChat.title')}
        </h2>
        <span className={room.joined && room.connected ? 'studio-chat__status studio-chat__status--on' : 'studio-chat__status'} data-testid="chat-room-status">
          {status}
        </span>
      </div>
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="chat-announcer">
        {announcement}
      </div>

      <div className="studio-chat__room">
        {room.historyFailed ? (
          <FormAlert tone="error">
            {t('studioChat.messages.historyFailed')}{' '}
            <button type="button" className="button button--ghost button--small" onClick={room.retryHistory}>
              {t('common.retry')}
            </button>
          </FormAlert>
        ) : null}
        {messageError ? <FormAlert tone="error">{messageError}</FormAlert> : null}
        <ChatMessageList
          id={logId}
          label={t('studioChat.messages.label')}
          messages={room.messages}
          viewerUserId={selfId}
          nameOfUser={nameOfUser}
          hasMore={room.hasMore}
          loadingEarlier={room.loadingEarlier}
          onLoadEarlier={room.loadEarlier}
          emptyText={room.loading ? t('studioChat.messages.loading') : t('studioChat.messages.empty')}
          renderActions={(message) =>
            removable(message) ? (
              <button
                type="button"
                className="icon-button studio-chat__remove"
                disabled={removing === message.id}
                aria-label={t('studioChat.messages.remove', { name: message.author.name || t('studioChat.messages.someone') })}
                onClick={() => void remove(message)}
              >
                <span aria-hidden="true">×</span>
              </button>
            ) : null
          }
        />
        <div className="field studio-chat__target">
          <label className="field__label" htmlFor={targetId}>
            {t('studioChat.composer.to')}
          </label>
          <span className="select-wrap">
            <select id={targetId} className="select" value={target ?? ''} onChange={(event) => setWhisperTo(event.currentTarget.value === '' ? null : Number(event.currentTarget.value))}>
              <option value="">{t('studioChat.composer.everyone')}</option>
              {participants.map((p) => (
                <option key={p.user_id} value={p.user_id}>
                  {t('studioChat.composer.whisperTo', { name: p.name })}
                </option>
              ))}
            </select>
          </span>
        </div>
        <ChatComposer
          label={target === null ? t('studioChat.composer.labelPublic') : t('studioChat.composer.labelPrivate', { name: nameOfUser(target) ?? '' })}
          onSend={send}
          disabledReason={room.connected ? null : t('studioChat.composer.offline')}
        />
      </div>

      {chat.isPending ? (
        <p role="status" className="studio-chat__muted">
          {t('studioChat.loading')}
        </p>
      ) : chat.isError || !chat.data ? (
        <ErrorState title={t('studioChat.loadFailed')} onRetry={() => void chat.refetch()} />
      ) : (
        <>
          <ChatParticipants participants={chat.data.participants} readers={chat.data.readers} whisperTo={target} onWhisper={setWhisperTo} onAnnounce={setAnnouncement} />
          <ChatEarnings earnings={chat.data.earnings} />
          <ChatSettingsForm settings={chat.data.settings} />
          <ChatBans bans={chat.data.bans} onAnnounce={setAnnouncement} />
        </>
      )}
    </section>
  );
}
