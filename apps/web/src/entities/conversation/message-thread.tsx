import type { Language, Message } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { MessageItem } from './message-item';
import { dayKey, dayLabel } from './time';
import './conversation.css';

type Row = { kind: 'day'; key: string; label: string; at: number } | { kind: 'message'; message: Message };

function rowsOf(messages: readonly Message[], now: number, language: Language, words: { today: string; yesterday: string }): Row[] {
  const rows: Row[] = [];
  let day: string | null = null;
  for (const message of messages) {
    const key = dayKey(message.created_at);
    if (key !== day) {
      day = key;
      rows.push({ kind: 'day', key, label: dayLabel(message.created_at, now, language, words), at: message.created_at });
    }
    rows.push({ kind: 'message', message });
  }
  return rows;
}

interface MessageThreadProps {
  /** The list's id (a "load older" button controls it). */
  id?: string;
  /** The list's accessible name ("Messages with Ava"). */
  label: string;
  /** Oldest first. */
  messages: readonly Message[];
  language: Language;
  /** The time the day headings are relative to (today, yesterday). */
  now: number;
  /** Null where messages cannot be deleted one by one. */
  onDelete: ((message: Message) => void) | null;
}

/** Messages in order, under a heading for each day: the thread of a conversation, a cam chat or a playdate. */
export function MessageThread({ id, label, messages, language, now, onDelete }: MessageThreadProps) {
  const { t } = useTranslation();
  const rows = rowsOf(messages, now, language, { today: t('messages.conversation.today'), yesterday: t('messages.conversation.yesterday') });
  return (
    <ol id={id} className="message-list" aria-label={label}>
      {rows.map((row) =>
        row.kind === 'day' ? (
          <li key={`day-${row.key}`} className="message-day">
            <time dateTime={row.key}>{row.label}</time>
          </li>
        ) : (
          <MessageItem key={row.message.id} message={row.message} language={language} onDelete={onDelete} />
        ),
      )}
    </ol>
  );
}
