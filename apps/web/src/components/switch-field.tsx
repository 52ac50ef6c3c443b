import type { ComponentPropsWithRef, ReactNode } from 'react';
import { useId } from 'react';
import './switch-field.css';

interface SwitchFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id' | 'type' | 'role'> {
  label: string;
  hint?: ReactNode;
}

/** An on/off setting: a checkbox announced as a switch, with its hint tied to it. */
export function SwitchField({ label, hint, className, ...inputProps }: SwitchFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={['switch-field', className ?? ''].filter(Boolean).join(' ')}>
      <input id={id} type="checkbox" role="switch" className="switch-field__input" aria-describedby={hint ? hintId : undefined} {...inputProps} />
      <label className="switch-field__label" htmlFor={id}>
        <span className="switch-field__track" aria-hidden="true">
          <span className="switch-field__thumb" />
        </span>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="switch-field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
