import { CHAT_ERROR_CODES, CHAT_MESSAGE_MAX, REALTIME_ERROR_CODES } from '@velora/shared';
import type { FormEvent, KeyboardEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './chat.css';

/** Why a message was not sent, as a realtime acknowledgement's error says it. */
export interface ChatSendError {
  code: string;
  message: string;
  fields?: Record<string, string>;
  retry_after_ms?: number;
}
/** The answer to one send: the acknowledgement of CHAT_CLIENT_EVENTS.send, or its shape. */
export type ChatSendResult = { ok: true } | { ok: false; error: ChatSendError };

export interface ChatComposerProps {
  /** The field's label ("Message to Ava's chat"). */
  label: string;
  /** Sends the text (already trimmed); the field empties once it is acknowledged. */
  onSend: (text: string) => Promise<ChatSendResult>;
  maxLength?: number;
  /** Seconds between two messages of the writer (0: off): after a send, the next waits this long. */
  slowModeSeconds?: number;
  /** Unix seconds until which the writer is muted (he reads but cannot write); null when not. */
  mutedUntil?: number | null;
  /** Writing is not possible now for another reason (no session yet, the chat ended): said instead of the field. */
  disabledReason?: string | null;
  placeholder?: string;
}

/** The counter shows from this many characters left on. */
const COUNTER_FROM_REMAINING = 100;

type Problem =
  | { kind: 'wait'; reason: 'slow' | 'rate'; until: number; seconds: number }
  | { kind: 'muted' }
  | { kind: 'text'; text: string };

function useSecondsUntil(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * Writing one chat line: Enter sends; a counter up to `maxLength`; the refusals said inline and announced (slow mode
 * and rate limit with a countdown, muted, a filtered word, bad text, no connection). Knows nothing of who writes.
 */
export function ChatComposer({ label, onSend, maxLength = CHAT_MESSAGE_MAX, slowModeSeconds = 0, mutedUntil = null, disabledReason = null, placeholder }: ChatComposerProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const waitUntil = problem?.kind === 'wait' ? problem.until : null;
  const waitSeconds = useSecondsUntil(waitUntil);
  const mutedSeconds = useSecondsUntil(mutedUntil === null ? null : mutedUntil * 1000);
  const muted = mutedUntil !== null && mutedSeconds > 0;

  useEffect(() => {
    if (problem?.kind === 'wait' && waitSeconds === 0) setProblem(null);
  }, [problem, waitSeconds]);
  // A mute that ran out (or was lifted) takes its message along; a refusal while the page knew of no mute stays.
  const wasMuted = useRef(muted);
  useEffect(() => {
    if (wasMuted.current && !muted) setProblem((current) => (current?.kind === 'muted' ? null : current));
    wasMuted.current = muted;
  }, [muted]);

  const remaining = maxLength - text.length;
  const blocked = sending || muted || disabledReason !== null || (problem?.kind === 'wait' && waitSeconds > 0);

  const submit = async () => {
    if (blocked) return;
    const trimmed = text.trim();
    if (trimmed === '') {
      setProblem({ kind: 'text', text: t('chat.composer.required') });
      return;
    }
    if (trimmed.length > maxLength) {
      setProblem({ kind: 'text', text: t('chat.composer.tooLong', { max: maxLength }) });
      return;
    }
    setSending(true);
    setProblem(null);
    const result = await onSend(trimmed);
    setSending(false);
    if (result.ok) {
      setText('');
      if (slowModeSeconds > 0) setProblem({ kind: 'wait', reason: 'slow', until: Date.now() + slowModeSeconds * 1000, seconds: slowModeSeconds });
      field.current?.focus();
      return;
    }
    const { error } = result;
    if (error.code === CHAT_ERROR_CODES.slowMode || error.code === REALTIME_ERROR_CODES.rateLimited) {
      const ms = Math.max(1_000, error.retry_after_ms ?? (error.code === CHAT_ERROR_CODES.slowMode ? slowModeSeconds * 1000 : 5_000));
      setProblem({ kind: 'wait', reason: error.code === CHAT_ERROR_CODES.slowMode ? 'slow' : 'rate', until: Date.now() + ms, seconds: Math.ceil(ms / 1000) });
    } else if (error.code === CHAT_ERROR_CODES.muted) {
      setProblem({ kind: 'muted' });
    } else if (error.code === CHAT_ERROR_CODES.filtered) {
      setProblem({ kind: 'text', text: t('chat.composer.filtered') });
    } else if (error.code === REALTIME_ERROR_CODES.timeout || error.code === REALTIME_ERROR_CODES.offline) {
      setProblem({ kind: 'text', text: t('chat.composer.offline') });
    } else {
      // The server says why in its words (a bad text, no session, not allowed).
      setProblem({ kind: 'text', text: error.fields?.text ?? error.message });
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  const mutedText = mutedUntil !== null ? t('chat.composer.mutedUntil', { time: new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(new Date(mutedUntil * 1000)) }) : t('chat.composer.muted');
  const problemText =
    problem === null
      ? null
      : problem.kind === 'wait'
        ? t(problem.reason === 'slow' ? 'chat.composer.slowMode' : 'chat.composer.rateLimited', { count: waitSeconds })
        : problem.kind === 'muted'
          ? mutedText
          : problem.text;
  const statusId = `${id}-status`;
  const counterId = `${id}-counter`;
  const showCounter = remaining <= COUNTER_FROM_REMAINING;

  if (disabledReason !== null) {
    return (
      <div className="chat-composer chat-composer--off" data-testid="chat-composer">
        <p className="chat-composer__off" role="status">
          {disabledReason}
        </p>
      </div>
    );
  }

  return (
    <form className="chat-composer" onSubmit={onSubmit} noValidate aria-busy={sending || undefined} data-testid="chat-composer">
      <label className="chat-composer__label" htmlFor={id}>
        {label}
      </label>
      <div className="chat-composer__row">
        <textarea
          ref={field}
          id={id}
          name="text"
          className="field__input chat-composer__input"
          rows={1}
          maxLength={maxLength}
          value={text}
          placeholder={placeholder ?? t('chat.composer.placeholder')}
          readOnly={sending}
          disabled={muted}
          aria-invalid={problem?.kind === 'text' ? true : undefined}
          aria-describedby={[problemText !== null || muted ? statusId : null, showCounter ? counterId : null].filter(Boolean).join(' ') || undefined}
          onChange={(event) => {
            setText(event.target.value);
            if (problem?.kind === 'text') setProblem(null);
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="button button--primary button--small" disabled={blocked}>
          {sending ? t('chat.composer.sending') : t('chat.composer.send')}
        </button>
      </div>
      <div className="chat-composer__bar">
        {showCounter ? (
          <p id={counterId} className={['chat-composer__counter', remaining <= 20 ? 'chat-composer__counter--low' : ''].filter(Boolean).join(' ')} data-testid="chat-counter">
            <span aria-hidden="true">
              {text.length} / {maxLength}
            </span>
            <span className="visually-hidden">{t('chat.composer.charactersLeft', { count: remaining })}</span>
          </p>
        ) : null}
      </div>
      {/* Always present, so what it says is announced when it changes; errors assertively. */}
      <p id={statusId} className={problemText !== null || muted ? 'chat-composer__problem' : 'visually-hidden'} role="alert" data-testid="chat-composer-problem">
        {problem?.kind === 'wait' ? (
          <>
            {/* The countdown ticks on screen; a screen reader hears the wait once, not every second. */}
            <span aria-hidden="true">{problemText}</span>
            <span className="visually-hidden">{t(problem.reason === 'slow' ? 'chat.composer.slowMode' : 'chat.composer.rateLimited', { count: problem.seconds })}</span>
          </>
        ) : (
          (problemText ?? (muted ? mutedText : ''))
        )}
      </p>
    </form>
  );
}
