import type { Language, PlaydateChatMessage } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { memberTimeZone } from './playdate-time';
import './playdate.css';

const SYSTEM_KEYS = ['started', 'ending_soon', 'ended', 'extended'] as const;
type SystemKey = (typeof SYSTEM_KEYS)[number];
const isSystemKey = (key: string): key is SystemKey => (SYSTEM_KEYS as readonly string[]).includes(key);

/**
 * A playdate room's chat as a read-only log (the replay; the rooms may reuse it). Every text is rendered as text:
 * nothing a person wrote becomes HTML. The server's own messages are said in the page language when the key is known.
 */
export function PlaydateChatLog({ messages, label, emptyText, language }: { messages: readonly PlaydateChatMessage[]; label: string; emptyText: string; language: Language }) {
  const { t } = useTranslation();
  const clock = new Intl.DateTimeFormat(language, { timeZone: memberTimeZone(), hour: 'numeric', minute: '2-digit' });
  if (messages.length === 0) return <p className="playdate-log__empty">{emptyText}</p>;
  return (
    // The log role on a wrapper: on the <ol> itself it would take the list's role away from its items.
    <div role="log" aria-label={label} data-testid="playdate-log">
      <ol className="playdate-log">
        {messages.map((message) => {
          const system = message.system;
          if (system !== null || message.author.role === 'system') {
            const key = system?.key.replace(/^playdates\.system\./, '') ?? '';
            const text = isSystemKey(key) ? t(`playdates.system.${key}`, system?.params ?? {}) : message.text;
            return (
              <li key={message.id} className="playdate-log__item playdate-log__item--system" data-testid="playdate-log-message">
                {text}
              </li>
            );
          }
          const role = message.author.role === 'model' ? t('playdates.replay.model') : null;
          return (
            <li key={message.id} className="playdate-log__item" data-testid="playdate-log-message">
              <span className="playdate-log__meta">
                <span className={message.author.role === 'model' ? 'playdate-log__author playdate-log__author--model' : 'playdate-log__author'}>{message.author.name}</span>
                {role ? <span className="chip chip--small">{role}</span> : null}
                <time dateTime={new Date(message.created_at).toISOString()}>{clock.format(new Date(message.created_at))}</time>
              </span>
              <span className="playdate-log__text">{message.text}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
