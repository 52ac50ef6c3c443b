import { useQueryClient } from '@tanstack/react-query';
import type { ChatParticipant } from '@velora/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Dialog } from '@/components/dialog';
import { FormAlert } from '@/components/form-alert';
import { banChatMember } from '../../api/ban-chat-member';
import { refreshStudioChat } from '../../api/get-studio-chat';
import { kickChatParticipant } from '../../api/kick-chat-participant';
import { muteChatParticipant } from '../../api/mute-chat-participant';
import { chatRefusalOf } from '../../chat-refusal';

/** The mute lengths she chooses from, in minutes. */
export const MUTE_MINUTES = [5, 15, 30, 60, 1440] as const;

type Pending = { action: 'kick' | 'ban' | 'mute'; participant: ChatParticipant } | null;

function MuteDialog({ participant, onDone, onCancel }: { participant: ChatParticipant; onDone: (text: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const selectId = useId();
  const [minutes, setMinutes] = useState<number>(MUTE_MINUTES[0]);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const muted = participant.muted_until !== null && participant.muted_until * 1000 > Date.now();
  const run = async (value: number) => {
    setPending(true);
    setError(null);
    try {
      await muteChatParticipant(participant.user_id, value);
      onDone(value === 0 ? t('studioChat.participants.unmuted', { name: participant.name }) : t('studioChat.participants.mutedDone', { name: participant.name, count: value }));
    } catch (failure) {
      setError(chatRefusalOf(failure, t, t('studioChat.errors.notFound')));
      setPending(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !pending && onCancel()}
      title={t('studioChat.participants.muteTitle', { name: participant.name })}
      description={t('studioChat.participants.muteText')}
      testId="chat-mute-dialog"
    >
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <div className="field">
        <label className="field__label" htmlFor={selectId}>
          {t('studioChat.participants.muteFor')}
        </label>
        <span className="select-wrap">
          <select id={selectId} className="select" value={minutes} onChange={(event) => setMinutes(Number(event.currentTarget.value))}>
            {MUTE_MINUTES.map((value) => (
              <option key={value} value={value}>
                {t('studioChat.participants.minutes', { count: value })}
              </option>
            ))}
          </select>
        </span>
      </div>
      <div className="form__row form__row--end">
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={pending}>
          {t('studioChat.cancel')}
        </button>
        {muted ? (
          <button type="button" className="button button--secondary" onClick={() => void run(0)} disabled={pending}>
            {t('studioChat.participants.unmute')}
          </button>
        ) : null}
        <button type="button" className="button button--primary" onClick={() => void run(minutes)} disabled={pending}>
          {pending ? t('studioChat.saving') : t('studioChat.participants.mute')}
        </button>
      </div>
    </Dialog>
  );
}

interface ChatParticipantsProps {
  participants: ChatParticipant[];
  readers: number;
  /** The member her next message whispers to, if any. */
  whisperTo: number | null;
  onWhisper: (userId: number | null) => void;
  /** Says what was done, in the panel's live region. */
  onAnnounce: (text: string) => void;
}

/** Who is in her chat: free or paid, minutes and coins, muted; whisper, mute, kick (confirmed) and ban (confirmed). */
export function ChatParticipants({ participants, readers, whisperTo, onWhisper, onAnnounce }: ChatParticipantsProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setPending(null);
    setError(null);
    setRunning(false);
  };
  const done = (text: string) => {
    close();
    onAnnounce(text);
    void refreshStudioChat(queryClient);
  };
  const confirm = async () => {
    if (!pending || pending.action === 'mute') return;
    const { action, participant } = pending;
    setRunning(true);
    setError(null);
    try {
      if (action === 'kick') await kickChatParticipant(participant.user_id);
      else await banChatMember(participant.user_id);
      if (whisperTo === participant.user_id) onWhisper(null);
      done(t(action === 'kick' ? 'studioChat.participants.kicked' : 'studioChat.participants.banned', { name: participant.name }));
    } catch (failure) {
      setError(chatRefusalOf(failure, t, t('studioChat.errors.notFound')));
      setRunning(false);
    }
  };

  const now = Date.now();
  return (
    <section className="studio-chat__section" aria-labelledby="studio-chat-participants-title" data-testid="chat-participants">
      <h3 id="studio-chat-participants-title" className="studio-chat__subtitle">
        {t('studioChat.participants.title', { count: participants.length })}
      </h3>
      <p className="studio-chat__muted" data-testid="chat-readers">
        {t('studioChat.participants.readers', { count: readers })}
      </p>
      {participants.length === 0 ? (
        <p className="studio-chat__muted">{t('studioChat.participants.empty')}</p>
      ) : (
        <ul className="studio-chat__people">
          {participants.map((participant) => {
            const muted = participant.muted_until !== null && participant.muted_until * 1000 > now;
            const kind = participant.session_kind === null ? t('studioChat.participants.reading') : t(`studioChat.participants.kind.${participant.session_kind}`);
            return (
              <li key={participant.user_id} className="studio-chat__person" data-testid="chat-participant">
                <div className="studio-chat__person-info">
                  <span className="studio-chat__person-name">{participant.name}</span>
                  <span className="studio-chat__badge">{kind}</span>
                  {muted ? <span className="studio-chat__badge studio-chat__badge--muted">{t('studioChat.participants.muted')}</span> : null}
                  {participant.session_kind === 'paid' ? (
                    <span className="studio-chat__muted">
                      {t('studioChat.participants.paidSoFar', { minutes: participant.minutes_charged, coins: participant.coins_charged })}
                    </span>
                  ) : null}
                </div>
                <div className="studio-chat__person-actions" role="group" aria-label={t('studioChat.participants.actionsFor', { name: participant.name })}>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    aria-pressed={whisperTo === participant.user_id}
                    onClick={() => onWhisper(whisperTo === participant.user_id ? null : participant.user_id)}
                  >
                    {t('studioChat.participants.whisper')}
                  </button>
                  <button type="button" className="button button--ghost button--small" onClick={() => setPending({ action: 'mute', participant })}>
                    {muted ? t('studioChat.participants.muteChange') : t('studioChat.participants.mute')}
                  </button>
                  <button type="button" className="button button--ghost button--small" onClick={() => setPending({ action: 'kick', participant })}>
                    {t('studioChat.participants.kick')}
                  </button>
                  <button type="button" className="button button--ghost button--small studio-chat__danger" onClick={() => setPending({ action: 'ban', participant })}>
                    {t('studioChat.participants.ban')}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {pending?.action === 'mute' ? <MuteDialog participant={pending.participant} onDone={done} onCancel={close} /> : null}
      <ConfirmDialog
        open={pending?.action === 'kick'}
        title={t('studioChat.participants.kickTitle', { name: pending?.participant.name ?? '' })}
        description={t('studioChat.participants.kickText')}
        confirmLabel={t('studioChat.participants.kick')}
        pendingLabel={t('studioChat.saving')}
        cancelLabel={t('studioChat.cancel')}
        pending={running}
        error={pending?.action === 'kick' ? error : null}
        onConfirm={() => void confirm()}
        onCancel={close}
        testId="chat-kick-dialog"
      />
      <ConfirmDialog
        open={pending?.action === 'ban'}
        title={t('studioChat.participants.banTitle', { name: pending?.participant.name ?? '' })}
        description={t('studioChat.participants.banText')}
        confirmLabel={t('studioChat.participants.ban')}
        pendingLabel={t('studioChat.saving')}
        cancelLabel={t('studioChat.cancel')}
        pending={running}
        error={pending?.action === 'ban' ? error : null}
        onConfirm={() => void confirm()}
        onCancel={close}
        testId="chat-ban-dialog"
      />
    </section>
  );
}
