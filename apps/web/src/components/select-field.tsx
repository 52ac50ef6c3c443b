import type { ComponentPropsWithRef } from 'react';
import { useId } from 'react';

interface SelectFieldProps extends Omit<ComponentPropsWithRef<'select'>, 'id'> {
  label: string;
  error?: string | undefined;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
}

/** A labelled select of `options` (after an empty `placeholder` choice, if given) whose error is tied to it. */
export function SelectField({ label, error, options, placeholder, className, ...props }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <span className="select-wrap">
        <select id={id} className="select" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...props}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </span>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
