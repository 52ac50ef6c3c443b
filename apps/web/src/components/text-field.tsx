import type { ComponentPropsWithRef, ReactNode } from 'react';
import { useId } from 'react';

interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id'> {
  label: string;
  /** A validation message; marks the input invalid and is announced with it. */
  error?: string | undefined;
  hint?: ReactNode;
  /** A live status line under the field (e.g. "Checking…", "Available"). */
  status?: ReactNode;
}

/** A labelled input whose hint, status and error are tied to it with aria-describedby. */
export function TextField({ label, error, hint, status, className, ...inputProps }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, status ? statusId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...inputProps}
      />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <p id={statusId} className="field__status" aria-live="polite">
        {status}
      </p>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
