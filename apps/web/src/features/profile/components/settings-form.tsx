import type { ReactNode } from 'react';
import { FormAlert } from '@/components/form-alert';
import type { SettingsFormState } from '../use-settings-form';
import { SettingsCard, SuccessStatus } from './settings-card';

interface SettingsFormProps {
  title: string;
  intro: ReactNode;
  testId: string;
  /** What `useSettingsForm` returns. */
  state: SettingsFormState;
  submitLabel: string;
  /** What the submit button says while the form is sent. */
  busyLabel: string;
  children: ReactNode;
}

/** One settings form in its card: the form's alert, its fields, its success message and its submit button. */
export function SettingsForm({ title, intro, testId, state: { onSubmit, formError, saved, busy }, submitLabel, busyLabel, children }: SettingsFormProps) {
  return (
    <SettingsCard title={title} intro={intro} testId={testId}>
      <form className="form" noValidate onSubmit={onSubmit}>
        {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
        {children}
        <SuccessStatus message={saved} />
        <div className="form__row form__row--end">
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? busyLabel : submitLabel}
          </button>
        </div>
      </form>
    </SettingsCard>
  );
}
