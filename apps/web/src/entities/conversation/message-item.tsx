import type { Language, Message } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { isPendingMessage } from './pending-message';
import { clockTime } from './time';
import './conversation.css';

interface MessageItemProps {
  message: Message;
  language: Language;
  /** Null where messages cannot be deleted (a pending one). */
  onDelete: ((message: Message) => void) | null;
}

/** One message, as plain text (React text nodes, line breaks kept by CSS); own messages on the right with a receipt. */
export function MessageItem({ message, language, onDelete }: MessageItemProps) {
  const { t } = useTranslation();
  const pending = isPendingMessage(message);
  const time = clockTime(message.created_at, language);
  return (
    <li
      className={['message', message.from_me ? 'message--own' : '', pending ? 'message--pending' : ''].filter(Boolean).join(' ')}
      data-testid="message"
      aria-busy={pending || undefined}
    >
      <div className="message__bubble">
        <span className="visually-hidden">{message.from_me ? `${t('messages.conversation.you')}: ` : null}</span>
        {message.subject ? <p className="message__subject">{message.subject}</p> : null}
        <p className="message__text">{message.text}</p>
        <p className="message__meta">
          <time dateTime={new Date(message.created_at).toISOString()}>{time}</time>
          {message.from_me ? (
            <span className="message__receipt" data-testid="receipt">
              {pending ? t('messages.conversation.sending') : message.read ? t('messages.conversation.read') : t('messages.conversation.sent')}
            </span>
          ) : null}
        </p>
      </div>
      {onDelete && !pending ? (
        <button type="button" className="icon-button message__delete" aria-label={`${t('messages.conversation.deleteMessage')} (${time})`} onClick={() => onDelete(message)}>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M5 7h14M10 7V5h4v2M8 7l1 12h6l1-12" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      ) : null}
    </li>
  );
}
