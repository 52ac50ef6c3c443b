import type { ComponentPropsWithRef, ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Published or not, and whether a password guards it: as chips a screen reader reads as a list. */
export function PageStatus({ published, hasPassword }: { published: boolean; hasPassword: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className="backoffice__chips">
      <li className={`backoffice__chip ${published ? 'bo-pages__chip--live' : 'bo-pages__chip--draft'}`}>{published ? t('boPages.status.published') : t('boPages.status.draft')}</li>
      {hasPassword ? <li className="backoffice__chip">{t('boPages.status.password')}</li> : null}
    </ul>
  );
}

/** A save time (unix seconds) in the reader's language. */
export function SavedAt({ seconds }: { seconds: number }) {
  const { i18n } = useTranslation();
  const at = new Date(seconds * 1000);
  return <time dateTime={at.toISOString()}>{new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(at)}</time>;
}

interface TextAreaFieldProps extends Omit<ComponentPropsWithRef<'textarea'>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

/** A labelled textarea whose hint and error are tied to it, like TextField. */
export function TextAreaField({ label, error, hint, className, ...props }: TextAreaFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea id={id} className="field__input bo-pages__textarea" aria-invalid={error ? true : undefined} aria-describedby={describedBy || undefined} {...props} />
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
