import type { ComponentPropsWithRef, ReactNode } from 'react';
import { useId } from 'react';

// Labelled form controls beside components/text-field.tsx and components/select-field.tsx: hint and error tied to the
// control with aria-describedby.

function describedBy(...ids: (string | null)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

interface TextAreaFieldProps extends Omit<ComponentPropsWithRef<'textarea'>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

export function TextAreaField({ label, error, hint, className, ...props }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="field__input field__input--multiline"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? `${id}-hint` : null, error ? `${id}-error` : null)}
        {...props}
      />
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

interface CheckboxFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id' | 'type'> {
  label: ReactNode;
  error?: string | undefined;
}

export function CheckboxField({ label, error, className, ...props }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={['checkbox-field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <input
        id={id}
        type="checkbox"
        className="checkbox-field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      />
      <label className="checkbox-field__label" htmlFor={id}>
        {label}
      </label>
      {error ? (
        <p id={`${id}-error`} className="field__error checkbox-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
