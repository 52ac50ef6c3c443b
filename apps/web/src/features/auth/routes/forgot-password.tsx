import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { FormAlert } from '@/components/form-alert';
import { LOG_IN_HASH } from '@/components/modal-hashes';
import { TextField } from '@/components/text-field';
import { isApiError } from '@/lib/http';
import { useForgotPassword } from '../api/forgot-password';
import { fieldErrorMessage } from '../field-errors';

const ForgotPasswordForm = z.object({ identifier: z.string().trim().min(1).max(254) });
type ForgotPasswordInput = z.input<typeof ForgotPasswordForm>;
type ForgotPasswordValues = z.output<typeof ForgotPasswordForm>;

/** One box for either: an address with an @ is sent as the email, anything else as the username. */
export function forgotPasswordBody(identifier: string): { username: string | null; email: string | null } {
  const value = identifier.trim();
  return value.includes('@') ? { username: null, email: value } : { username: value, email: null };
}

/** /forgot_password: asks for a reset link and always answers neutrally, whether or not an account matched. */
export default function ForgotPasswordRoute() {
  const { t } = useTranslation();
  const mutation = useForgotPassword();
  const [sent, setSent] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput, unknown, ForgotPasswordValues>({
    resolver: zodResolver(ForgotPasswordForm),
    defaultValues: { identifier: '' },
  });

  const onSubmit = handleSubmit(async ({ identifier }) => {
    setServerError(null);
    try {
      await mutation.mutateAsync(forgotPasswordBody(identifier));
      setSent(true);
    } catch (error) {
      setServerError(isApiError(error, 429) ? t('forgotPassword.rateLimited') : t('forgotPassword.failed'));
    }
  });

  return (
    <section className="auth-page" aria-labelledby="forgot-password-title">
      <div className="auth-card">
        <h1 id="forgot-password-title" className="auth-card__title">
          {sent ? t('forgotPassword.doneTitle') : t('forgotPassword.title')}
        </h1>
        {sent ? (
          <>
            <FormAlert tone="success">{t('forgotPassword.doneText')}</FormAlert>
            <Link className="button button--secondary button--block" to={{ hash: LOG_IN_HASH }}>
              {t('forgotPassword.backToLogin')}
            </Link>
          </>
        ) : (
          <>
            <p className="auth-card__intro">{t('forgotPassword.intro')}</p>
            <form className="form" noValidate onSubmit={onSubmit}>
              {serverError ? <FormAlert tone="error">{serverError}</FormAlert> : null}
              <TextField
                label={t('forgotPassword.identifier')}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                error={fieldErrorMessage(t, 'required', errors.identifier, getValues('identifier'))}
                {...register('identifier')}
              />
              <button type="submit" className="button button--primary button--block" disabled={isSubmitting}>
                {isSubmitting ? t('forgotPassword.submitting') : t('forgotPassword.submit')}
              </button>
            </form>
            <p className="auth-card__footer">
              <Link className="text-link" to={{ hash: LOG_IN_HASH }}>
                {t('forgotPassword.backToLogin')}
              </Link>
            </p>
          </>
        )}
      </div>
    </section>
  );
}
