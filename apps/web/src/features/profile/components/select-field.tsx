import type { ComponentPropsWithRef, ReactNode } from 'react';
import { useId } from 'react';

interface SelectFieldProps extends Omit<ComponentPropsWithRef<'select'>, 'id'> {
  label: string;
  error?: string | undefined;
  children: ReactNode;
}

/** A labelled select whose error is tied to it with aria-describedby. */
export function SelectField({ label, error, children, className, ...selectProps }: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <span className="select-wrap">
        <select id={id} className="select" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...selectProps}>
          {children}
        </select>
      </span>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
