import type { RecoveryCodes, SecondFactorSetup as Setup } from '@velora/shared';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { isApiError } from '@/lib/http';
import { useConfirmSecondFactor, useSecondFactorDone } from '../api/confirm-second-factor';
import { useSetUpSecondFactor } from '../api/set-up-second-factor';
import { CodeField } from './code-field';
import { RecoveryCodesPanel } from './recovery-codes';

/** The secret in groups of four, as people type it into an app. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Setting up an authenticator app, in three steps: why and start; scan the QR code (or type the secret) and enter the
 * first code; keep the recovery codes.
 */
export function SecondFactorSetup() {
  const { t, i18n } = useTranslation();
  const start = useSetUpSecondFactor();
  const confirm = useConfirmSecondFactor();
  const done = useSecondFactorDone();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<RecoveryCodes | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);

  const begin = async () => {
    setAlert(null);
    try {
      setSetup(await start.mutateAsync());
      requestAnimationFrame(() => field.current?.focus());
    } catch {
      setAlert(t('secondFactor.setup.failed'));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setAlert(null);
    try {
      setCodes(await confirm.mutateAsync(code));
    } catch (failure) {
      if (isApiError(failure, 400)) {
        setError(t('secondFactor.check.wrong'));
        setCode('');
        field.current?.focus();
      } else if (isApiError(failure, 429)) {
        setAlert(i18n.resolvedLanguage === 'en' ? failure.message : t('secondFactor.check.rateLimited'));
      } else {
        setAlert(t('secondFactor.setup.failed'));
      }
    }
  };

  if (codes) return <RecoveryCodesPanel codes={codes.recovery_codes} onDone={() => void done()} />;

  return (
    <section className="second-factor" aria-labelledby="second-factor-setup-title" data-testid="second-factor-setup">
      <h1 id="second-factor-setup-title" className="second-factor__title">
        {t('secondFactor.setup.title')}
      </h1>
      <p>{t('secondFactor.setup.why')}</p>
      {alert ? <FormAlert tone="error">{alert}</FormAlert> : null}
      {!setup ? (
        <button type="button" className="button button--primary" onClick={() => void begin()} disabled={start.isPending} aria-busy={start.isPending || undefined}>
          {t('secondFactor.setup.start')}
        </button>
      ) : (
        <>
          <ol className="second-factor__steps">
            <li>{t('secondFactor.setup.stepApp')}</li>
            <li>
              {t('secondFactor.setup.stepScan')}
              <img
                className="second-factor__qr"
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
                alt={t('secondFactor.setup.qrAlt')}
                width={200}
                height={200}
              />
              <p className="second-factor__secret-label">{t('secondFactor.setup.secretLabel')}</p>
              <code className="second-factor__secret" data-testid="second-factor-secret" data-secret={setup.secret}>
                {grouped(setup.secret)}
              </code>
            </li>
            <li>{t('secondFactor.setup.stepCode')}</li>
          </ol>
          <form className="form" noValidate onSubmit={submit}>
            <CodeField ref={field} label={t('secondFactor.check.label')} value={code} onChange={setCode} error={error} />
            <button type="submit" className="button button--primary button--block" disabled={confirm.isPending} aria-busy={confirm.isPending || undefined}>
              {t('secondFactor.setup.confirm')}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
