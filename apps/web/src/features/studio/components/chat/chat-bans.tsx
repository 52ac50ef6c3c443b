import { useQueryClient } from '@tanstack/react-query';
import type { ChatBan } from '@velora/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { useContentLanguage } from '@/lib/content-language';
import { refreshStudioChat } from '../../api/get-studio-chat';
import { unbanChatMember } from '../../api/unban-chat-member';
import { chatRefusalOf } from '../../chat-refusal';

/** The members she banned from her room, with when; each can be let back in. */
export function ChatBans({ bans, onAnnounce }: { bans: ChatBan[]; onAnnounce: (text: string) => void }) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });

  const unban = async (ban: ChatBan) => {
    setBusy(ban.user_id);
    setError(null);
    try {
      await unbanChatMember(ban.user_id);
      onAnnounce(t('studioChat.bans.unbanned', { name: ban.name }));
      await refreshStudioChat(queryClient);
    } catch (failure) {
      setError(chatRefusalOf(failure, t, t('studioChat.errors.notBanned')));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="studio-chat__section" aria-labelledby="studio-chat-bans-title" data-testid="chat-bans">
      <h3 id="studio-chat-bans-title" className="studio-chat__subtitle">
        {t('studioChat.bans.title')}
      </h3>
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      {bans.length === 0 ? (
        <p className="studio-chat__muted">{t('studioChat.bans.empty')}</p>
      ) : (
        <ul className="studio-chat__people">
          {bans.map((ban) => {
            const at = new Date(ban.banned_at * 1000);
            return (
              <li key={ban.user_id} className="studio-chat__person" data-testid="chat-ban">
                <div className="studio-chat__person-info">
                  <span className="studio-chat__person-name">{ban.name}</span>
                  <span className="studio-chat__muted">
                    {t('studioChat.bans.since')} <time dateTime={at.toISOString()}>{date.format(at)}</time>
                  </span>
                </div>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  disabled={busy === ban.user_id}
                  aria-label={t('studioChat.bans.unbanName', { name: ban.name })}
                  onClick={() => void unban(ban)}
                >
                  {t('studioChat.bans.unban')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
