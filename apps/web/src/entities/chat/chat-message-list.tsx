import type { ChatMessage } from '@velora/shared';
import type { ReactNode } from 'react';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { systemMessageText } from './chat-message-text';
import './chat.css';

export interface ChatMessageListProps {
  /** The log's id (the composer or a "jump to latest" control may point at it). */
  id?: string;
  /** The log's accessible name ("Chat with Ava"). */
  label: string;
  /** In any order, repeats allowed: shown once each, in the order of their ids. */
  messages: readonly ChatMessage[];
  /** Whose messages are "You" (the reader); null for nobody. */
  viewerUserId: number | null;
  /** The name a private message's recipient goes by, when the reader knows it (the model knows her members). */
  nameOfUser?: (userId: number) => string | null;
  /** Older messages exist before the first one shown. */
  hasMore: boolean;
  /** A page of older messages is being loaded. */
  loadingEarlier?: boolean;
  onLoadEarlier?: () => void;
  /** Controls beside a message (the model's remove, mute); nothing by default. */
  renderActions?: (message: ChatMessage) => ReactNode;
  /** Shown when there is no message. */
  emptyText?: string;
}

/** Near the bottom (px): a new message scrolls the log down only when the reader was following it. */
const FOLLOW_SLACK_PX = 48;

function sortedUnique(messages: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const message of messages) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * A chat room's messages, oldest first: people's (own ones marked), private ones, tips and the server's (in the
 * reader's language). Every text is a React text node: nothing a person wrote becomes markup. The list is a polite
 * live region, so a screen reader reads what arrives; "Load earlier" pages back and keeps the reader's place.
 */
export function ChatMessageList({ id, label, messages, viewerUserId, nameOfUser, hasMore, loadingEarlier = false, onLoadEarlier, renderActions, emptyText }: ChatMessageListProps) {
  const { t, i18n } = useTranslation();
  const rows = sortedUnique(messages);
  const scroller = useRef<HTMLDivElement>(null);
  const previous = useRef<{ firstId: number | null; lastId: number | null; height: number; following: boolean }>({ firstId: null, lastId: null, height: 0, following: true });

  const firstId = rows[0]?.id ?? null;
  const lastId = rows[rows.length - 1]?.id ?? null;
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = previous.current;
    if (before.firstId !== null && firstId !== null && firstId < before.firstId && lastId === before.lastId) {
      // Older messages came in above: keep what the reader looked at where it was.
      element.scrollTop += element.scrollHeight - before.height;
    } else if (lastId !== before.lastId && before.following) {
      element.scrollTop = element.scrollHeight;
    }
    previous.current = { firstId, lastId, height: element.scrollHeight, following: before.following };
  }, [firstId, lastId]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    previous.current.following = element.scrollHeight - element.scrollTop - element.clientHeight <= FOLLOW_SLACK_PX;
    previous.current.height = element.scrollHeight;
  };

  return (
    // Focusable, so the log scrolls with the keyboard too (arrow keys, Page Up).
    <div className="chat-log" ref={scroller} onScroll={onScroll} tabIndex={0} role="region" aria-label={label}>
      {hasMore && onLoadEarlier ? (
        <div className="chat-log__earlier">
          <button type="button" className="button button--ghost button--small" onClick={onLoadEarlier} disabled={loadingEarlier} aria-controls={id}>
            {loadingEarlier ? t('chat.loadingEarlier') : t('chat.loadEarlier')}
          </button>
        </div>
      ) : null}
      <ol id={id} className="chat-log__list" role="log" aria-live="polite" aria-relevant="additions" aria-label={label} aria-busy={loadingEarlier || undefined}>
        {rows.map((message) => (
          <ChatMessageRow key={message.id} message={message} viewerUserId={viewerUserId} nameOfUser={nameOfUser} actions={renderActions?.(message)} text={message.system ? systemMessageText(message, t, i18n) : message.text} />
        ))}
      </ol>
      {rows.length === 0 && emptyText ? <p className="chat-log__empty">{emptyText}</p> : null}
    </div>
  );
}

function clock(unixMs: number, language: string): string {
  return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(new Date(unixMs));
}

interface RowProps {
  message: ChatMessage;
  viewerUserId: number | null;
  nameOfUser?: (userId: number) => string | null;
  actions: ReactNode;
  text: string;
}

function ChatMessageRow({ message, viewerUserId, nameOfUser, actions, text }: RowProps) {
  const { t, i18n } = useTranslation();
  const own = viewerUserId !== null && message.author.user_id === viewerUserId;
  const time = <time dateTime={new Date(message.created_at).toISOString()}>{clock(message.created_at, i18n.language)}</time>;
  const author = own ? t('chat.you') : message.author.name;

  if (message.tip_coins !== null) {
    return (
      <li className="chat-message chat-message--tip" data-testid="chat-message" data-kind="tip">
        <p className="chat-message__event">
          <span aria-hidden="true">♥ </span>
          {own ? t('chat.tipOwn', { count: message.tip_coins }) : t('chat.tip', { name: message.author.name, count: message.tip_coins })}
          {message.text ? <span className="chat-message__tip-text"> “{message.text}”</span> : null}
        </p>
        <p className="chat-message__meta">{time}</p>
        {actions}
      </li>
    );
  }
  if (message.author.role === 'system' || message.system !== null) {
    return (
      <li className={`chat-message chat-message--system chat-message--${message.kind}`} data-testid="chat-message" data-kind={message.kind}>
        <p className="chat-message__event">{text}</p>
        <p className="chat-message__meta">{time}</p>
        {actions}
      </li>
    );
  }
  const isPrivate = message.kind === 'private';
  const recipient = isPrivate && message.to_user_id !== null ? (message.to_user_id === viewerUserId ? t('chat.you') : (nameOfUser?.(message.to_user_id) ?? null)) : null;
  return (
    <li
      className={['chat-message', own ? 'chat-message--own' : '', isPrivate ? 'chat-message--private' : '', message.author.role === 'model' ? 'chat-message--model' : ''].filter(Boolean).join(' ')}
      data-testid="chat-message"
      data-kind={message.kind}
    >
      <p className="chat-message__head">
        <span className="chat-message__author">{author}</span>
        {isPrivate ? <span className="chat-message__badge">{recipient ? t('chat.privateTo', { name: recipient }) : t('chat.private')}</span> : null}
        <span className="chat-message__meta">{time}</span>
      </p>
      <p className="chat-message__text">{message.text}</p>
      {actions}
    </li>
  );
}
