import type { FormEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { TextField } from '@/components/text-field';
import '../pages.css';

interface PasswordPromptProps {
  /** The last password sent was wrong. */
  invalid: boolean;
  /** A password is being checked. */
  busy: boolean;
  /** Counts the passwords sent; a new wrong one announces the alert again. */
  attempt: number;
  onSubmit: (password: string) => void;
}

/** product §4/§5: 'Please Enter Password', again and again until the password is right ('Invalid password!' otherwise). */
export function PasswordPrompt({ invalid, busy, attempt, onSubmit }: PasswordPromptProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [empty, setEmpty] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  // Focus is where the next password goes: on the prompt's first showing and after each wrong one.
  useEffect(() => {
    if (!busy) inputRef.current?.focus();
  }, [attempt, busy]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (value === '') {
      setEmpty(true);
      inputRef.current?.focus();
      return;
    }
    setEmpty(false);
    onSubmit(value);
    setValue('');
  };

  return (
    <section className="page page--narrow password-prompt" aria-labelledby="password-prompt-title">
      <div className="content-card">
        <h1 id="password-prompt-title" className="content-card__title">
          {t('pages.password.title')}
        </h1>
        <p className="content-card__intro">{t('pages.password.intro')}</p>
        {invalid && !busy ? (
          <FormAlert key={attempt} tone="error">
            {t('pages.password.invalid')}
          </FormAlert>
        ) : null}
        <form className="form" noValidate onSubmit={submit} data-testid="page-password-form">
          <TextField
            ref={inputRef}
            label={t('pages.password.label')}
            type="password"
            name="password"
            autoComplete="current-password"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={empty ? t('pages.password.required') : undefined}
          />
          <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('pages.password.checking') : t('pages.password.submit')}
          </button>
        </form>
      </div>
    </section>
  );
}
