import { MESSAGE_TEXT_MAX, MessageText } from '@velora/shared';
import type { FormEvent, KeyboardEvent, Ref } from 'react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { isApiError } from '@/lib/http';
import { useSendMessage } from '../api/send-message';
import type { ConversationTarget } from '../conversation-target';

/** The counter shows from this many characters left on. */
const COUNTER_FROM_REMAINING = 200;
const SERVER_SAYS_WHY = new Set([400, 403, 404, 409, 429]);

interface ComposerProps {
  target: ConversationTarget;
  /** Who the message goes to, for the label. */
  name: string;
  textareaRef: Ref<HTMLTextAreaElement>;
  onSent: () => void;
}

/** Writing a plain-text message: Enter sends, Shift+Enter breaks the line; the server's refusals are shown here. */
export function Composer({ target, name, textareaRef, onSent }: ComposerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useSendMessage(target);
  const remaining = MESSAGE_TEXT_MAX - text.length;
  const showCounter = remaining <= COUNTER_FROM_REMAINING;
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;

  const submit = () => {
    if (send.isPending) return;
    const parsed = MessageText.safeParse(text);
    if (!parsed.success) {
      setError(text.trim() === '' ? t('messages.composer.required') : t('messages.composer.tooLong', { max: MESSAGE_TEXT_MAX }));
      return;
    }
    setError(null);
    send.mutate(parsed.data, {
      onSuccess: () => {
        setText('');
        onSent();
      },
      onError: (failure) => {
        // The server says why in its words: 400 (the text), 403 (not allowed), 404/409 (nobody or nothing to write to), 429 (too fast).
        if (isApiError(failure) && SERVER_SAYS_WHY.has(failure.status)) setError(failure.fields?.text ?? failure.message);
        else setError(t('messages.composer.failed'));
      },
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form className="composer" onSubmit={onSubmit} noValidate aria-busy={send.isPending || undefined}>
      <label className="visually-hidden" htmlFor={id}>
        {t('messages.composer.label', { name })}
      </label>
      <textarea
        ref={textareaRef}
        id={id}
        name="text"
        className="field__input composer__input"
        rows={2}
        maxLength={MESSAGE_TEXT_MAX}
        value={text}
        placeholder={t('messages.composer.placeholder')}
        readOnly={send.isPending}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, showCounter ? counterId : null].filter(Boolean).join(' ')}
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(null);
        }}
        onKeyDown={onKeyDown}
      />
      <div className="composer__bar">
        <p id={hintId} className="composer__hint">
          {t('messages.composer.hint')}
        </p>
        {showCounter ? (
          <p id={counterId} className={['composer__counter', remaining <= 50 ? 'composer__counter--low' : ''].filter(Boolean).join(' ')}>
            <span aria-hidden="true">
              {text.length} / {MESSAGE_TEXT_MAX}
            </span>
            <span className="visually-hidden">{t('messages.composer.charactersLeft', { count: remaining })}</span>
          </p>
        ) : null}
        <button type="submit" className="button button--primary button--small" disabled={send.isPending}>
          {send.isPending ? t('messages.composer.sending') : t('messages.composer.send')}
        </button>
      </div>
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
    </form>
  );
}
