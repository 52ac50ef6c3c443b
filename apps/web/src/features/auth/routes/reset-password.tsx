import { zodResolver } from '@hookform/resolvers/zod';
import { Password } from '@velora/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { z } from 'zod';
import { paths } from '@/paths';
import { FormAlert } from '@/components/form-alert';
import { LOG_IN_HASH } from '@/components/modal-hashes';
import { TextField } from '@/components/text-field';
import { isApiError } from '@/lib/http';
import { useResetPassword } from '../api/reset-password';
import { fieldErrorMessage } from '../field-errors';

const ResetPasswordForm = z
  .object({ password: Password, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The passwords do not match' });
type ResetPasswordInput = z.input<typeof ResetPasswordForm>;
type ResetPasswordValues = z.output<typeof ResetPasswordForm>;

type Outcome = { kind: 'form' } | { kind: 'done' } | { kind: 'invalid-key' };

/** /reset_password?reset_key=…: a new password, typed twice. */
export default function ResetPasswordRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const resetKey = searchParams.get('reset_key')?.trim() ?? '';
  const mutation = useResetPassword();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'form' });
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordInput, unknown, ResetPasswordValues>({
    resolver: zodResolver(ResetPasswordForm),
    defaultValues: { password: '', confirm: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    setServerError(null);
    try {
      await mutation.mutateAsync({ password, reset_key: resetKey });
      setOutcome({ kind: 'done' });
    } catch (error) {
      if (isApiError(error, 400) && error.fields?.reset_key) setOutcome({ kind: 'invalid-key' });
      else if (isApiError(error, 400) && error.fields?.password) setError('password', { type: 'server', message: error.fields.password });
      else setServerError(t('resetPassword.failed'));
    }
  });

  const logInLink = { pathname: location.pathname, search: location.search, hash: LOG_IN_HASH };

  return (
    <section className="auth-page" aria-labelledby="reset-password-title">
      <div className="auth-card">
        <h1 id="reset-password-title" className="auth-card__title">
          {outcome.kind === 'done' ? t('resetPassword.successTitle') : t('resetPassword.title')}
        </h1>
        {outcome.kind === 'done' ? (
          <>
            <FormAlert tone="success">{t('resetPassword.successText')}</FormAlert>
            <Link className="button button--primary button--block" to={logInLink}>
              {t('resetPassword.logIn')}
            </Link>
          </>
        ) : resetKey === '' || outcome.kind === 'invalid-key' ? (
          <>
            <FormAlert tone="error">{resetKey === '' ? t('resetPassword.missingKey') : t('resetPassword.invalidKey')}</FormAlert>
            <p className="auth-card__footer">
              <Link className="text-link" to={paths.forgotPassword()}>
                {t('resetPassword.requestNew')}
              </Link>
            </p>
          </>
        ) : (
          <>
            <p className="auth-card__intro">{t('resetPassword.intro')}</p>
            <form className="form" noValidate onSubmit={onSubmit}>
              {serverError ? <FormAlert tone="error">{serverError}</FormAlert> : null}
              <TextField
                label={t('resetPassword.password')}
                type="password"
                autoComplete="new-password"
                error={fieldErrorMessage(t, 'password', errors.password, getValues('password'))}
                {...register('password')}
              />
              <TextField
                label={t('resetPassword.confirm')}
                type="password"
                autoComplete="new-password"
                error={fieldErrorMessage(t, 'confirm', errors.confirm, getValues('confirm'))}
                {...register('confirm')}
              />
              <button type="submit" className="button button--primary button--block" disabled={isSubmitting}>
                {isSubmitting ? t('resetPassword.submitting') : t('resetPassword.submit')}
              </button>
            </form>
          </>
        )}
      </div>
    </section>
  );
}
