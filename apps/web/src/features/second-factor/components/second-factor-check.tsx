import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { isApiError } from '@/lib/http';
import { useVerifySecondFactor } from '../api/verify-second-factor';
import { CodeField } from './code-field';

/** "Enter the code of your app" (or a recovery code): proves this session for the studio and the back office. */
export function SecondFactorCheck() {
  const { t, i18n } = useTranslation();
  const verify = useVerifySecondFactor();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => field.current?.focus(), [recovery]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setAlert(null);
    if (code.trim() === '') {
      setError(t('secondFactor.check.required'));
      field.current?.focus();
      return;
    }
    try {
      await verify.mutateAsync(code);
    } catch (failure) {
      if (isApiError(failure, 400)) {
        setError(recovery ? t('secondFactor.check.wrongRecovery') : t('secondFactor.check.wrong'));
        setCode('');
        field.current?.focus();
      } else if (isApiError(failure, 429)) {
        setAlert(i18n.resolvedLanguage === 'en' ? failure.message : t('secondFactor.check.rateLimited'));
      } else {
        setAlert(t('secondFactor.check.failed'));
      }
    }
  };

  return (
    <section className="second-factor" aria-labelledby="second-factor-check-title" data-testid="second-factor-check">
      <h1 id="second-factor-check-title" className="second-factor__title">
        {t('secondFactor.check.title')}
      </h1>
      <p>{recovery ? t('secondFactor.check.recoveryText') : t('secondFactor.check.text')}</p>
      <form className="form" noValidate onSubmit={submit}>
        {alert ? <FormAlert tone="error">{alert}</FormAlert> : null}
        <CodeField
          ref={field}
          label={recovery ? t('secondFactor.check.recoveryLabel') : t('secondFactor.check.label')}
          recovery={recovery}
          value={code}
          onChange={setCode}
          error={error}
        />
        <button type="submit" className="button button--primary button--block" disabled={verify.isPending} aria-busy={verify.isPending || undefined}>
          {verify.isPending ? t('secondFactor.check.submitting') : t('secondFactor.check.submit')}
        </button>
      </form>
      <button
        type="button"
        className="text-link second-factor__switch"
        onClick={() => {
          setRecovery(!recovery);
          setCode('');
          setError(undefined);
        }}
      >
        {recovery ? t('secondFactor.check.useApp') : t('secondFactor.check.useRecovery')}
      </button>
      <p className="second-factor__help">{t('secondFactor.check.lost')}</p>
    </section>
  );
}
