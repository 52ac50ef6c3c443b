import type { ConversationSummary, Language } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { relativeTime } from '@/entities/conversation/time';
import { Avatar } from '@/entities/conversation/avatar';
import { UnreadCount } from './unread-badge';

/** One line of preview: the subject of a site message, else its text, line breaks flattened. */
export function previewOf(summary: ConversationSummary): string {
  const message = summary.last_message;
  if (!message) return '';
  return (message.subject ?? message.text).replace(/\s+/g, ' ').trim();
}

interface InboxRowProps {
  summary: ConversationSummary;
  href: string;
  now: number;
  language: Language;
}

/** A conversation in the inbox: who, what was said last, when, and how many are unread (bold while any are). */
export function InboxRow({ summary, href, now, language }: InboxRowProps) {
  const { t } = useTranslation();
  const unread = summary.unread > 0;
  const message = summary.last_message;
  return (
    <li className={['inbox-row', unread ? 'inbox-row--unread' : ''].filter(Boolean).join(' ')} data-testid="inbox-row">
      <Link className="inbox-row__link" to={href}>
        <Avatar correspondent={summary.with} />
        <span className="inbox-row__main">
          <span className="inbox-row__top">
            <span className="inbox-row__name">{summary.with.display_name}</span>
            {summary.with.kind === 'model' ? <span className="badge message-label">{t('messages.modelLabel')}</span> : null}
            {summary.playdate_id !== null ? <span className="badge message-label message-label--quiet">{t('messages.inbox.playdate')}</span> : null}
            <time className="inbox-row__time" dateTime={new Date(summary.updated_at).toISOString()}>
              {relativeTime(summary.updated_at, now, language)}
            </time>
          </span>
          <span className="inbox-row__preview">
            {message?.from_me ? <span className="inbox-row__you">{t('messages.inbox.you')} </span> : null}
            {message ? previewOf(summary) : t('messages.inbox.noMessages')}
          </span>
        </span>
        <UnreadCount count={summary.unread} />
      </Link>
    </li>
  );
}
