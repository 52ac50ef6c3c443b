import { CommentBody } from '@velora/shared';
import type { FormEvent } from 'react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { isApiError } from '@/lib/http';
import { usePostComment } from '../api/post-comment';

/** The longest comment the server takes (CommentBody). */
export const COMMENT_MAX_LENGTH = 2000;
/** The counter is announced from this many characters left on. */
const ANNOUNCE_REMAINING = 100;

/** Posting a plain-text comment: a labelled textarea with a character counter and the server's answers. */
export function CommentForm({ videoId, onPosted }: { videoId: number; onPosted: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [body, setBody] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [posted, setPosted] = useState(false);
  const mutation = usePostComment(videoId);
  const remaining = COMMENT_MAX_LENGTH - body.length;
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setFormError(null);
    setPosted(false);
    const parsed = CommentBody.safeParse({ body });
    if (!parsed.success) {
      setFieldError(body.trim() === '' ? t('comments.required') : t('comments.tooLong', { max: COMMENT_MAX_LENGTH }));
      textareaRef.current?.focus();
      return;
    }
    setFieldError(null);
    mutation.mutate(parsed.data.body, {
      onSuccess: () => {
        setBody('');
        setPosted(true);
        onPosted();
      },
      onError: (error) => {
        if (isApiError(error, 429)) setFormError(t('comments.rateLimited'));
        else if (isApiError(error, 400) && error.fields?.body) {
          setFieldError(error.fields.body);
          textareaRef.current?.focus();
        } else setFormError(t('comments.postFailed'));
      },
    });
  };

  return (
    <form className="comment-form" onSubmit={submit} noValidate>
      <div className={['field', fieldError ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
        <label className="field__label" htmlFor={id}>
          {t('comments.formLabel')}
        </label>
        <textarea
          ref={textareaRef}
          id={id}
          name="body"
          className="field__input comment-form__input"
          rows={3}
          maxLength={COMMENT_MAX_LENGTH}
          value={body}
          placeholder={t('comments.placeholder')}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={[counterId, fieldError ? errorId : null].filter(Boolean).join(' ')}
          onChange={(event) => {
            setBody(event.target.value);
            if (fieldError) setFieldError(null);
            if (posted) setPosted(false);
          }}
        />
        <div className="comment-form__meta">
          {fieldError ? (
            <p id={errorId} className="field__error">
              {fieldError}
            </p>
          ) : (
            <span />
          )}
          <p id={counterId} className={['comment-form__counter', remaining <= ANNOUNCE_REMAINING ? 'comment-form__counter--low' : ''].filter(Boolean).join(' ')}>
            <span aria-hidden="true">
              {body.length} / {COMMENT_MAX_LENGTH}
            </span>
            <span className="visually-hidden">{t('comments.limit', { max: COMMENT_MAX_LENGTH })}</span>
          </p>
        </div>
        <p className="visually-hidden" aria-live="polite">
          {remaining <= ANNOUNCE_REMAINING ? t('comments.charactersLeft', { count: remaining }) : ''}
        </p>
      </div>
      {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
      {posted ? <FormAlert tone="success">{t('comments.posted')}</FormAlert> : null}
      <div className="comment-form__actions">
        <button type="submit" className="button button--primary button--small" disabled={mutation.isPending}>
          {mutation.isPending ? t('comments.submitting') : t('comments.submit')}
        </button>
      </div>
    </form>
  );
}
