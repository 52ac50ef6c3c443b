import type { ReactNode } from 'react';
import { useId } from 'react';

export interface Choice {
  id: number;
  label: ReactNode;
  detail?: ReactNode;
}

interface ChoiceListProps {
  legend: string;
  choices: readonly Choice[];
  value: number | null;
  onChange: (id: number) => void;
  disabled?: boolean;
  testId?: string;
}

/** One choice of several (a plan, a coin package) as a radio group: arrow keys move, the legend names the group. */
export function ChoiceList({ legend, choices, value, onChange, disabled = false, testId }: ChoiceListProps) {
  const name = useId();
  return (
    <fieldset className="choice-list" disabled={disabled} data-testid={testId}>
      <legend className="field__label">{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.id} className={value === choice.id ? 'choice-list__option choice-list__option--checked' : 'choice-list__option'}>
          <input type="radio" className="choice-list__radio" name={name} value={choice.id} checked={value === choice.id} onChange={() => onChange(choice.id)} />
          <span className="choice-list__label">{choice.label}</span>
          {choice.detail ? <span className="choice-list__detail">{choice.detail}</span> : null}
        </label>
      ))}
    </fieldset>
  );
}
