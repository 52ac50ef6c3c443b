import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { LoginBody, landingUrlFor } from '@velora/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { paths } from '@/paths';
import { Dialog } from '@/components/dialog';
import { FormAlert } from '@/components/form-alert';
import { SIGN_UP_HASH } from '@/components/modal-hashes';
import { SignInOptionsSlot } from '@/components/sign-in-options';
import { TextField } from '@/components/text-field';
import { isApiError } from '@/lib/http';
import { useLogin } from '../api/login';
import { fieldErrorMessage } from '../field-errors';
import { safeRedirectPath } from '../redirect';
import { LOGIN_LINK_EXPIRED_PARAM } from '../login-link-expired';
import { startSession } from '../session';

/** Set by the app when a one-click log-in link failed, so the dialog can say why it opened. */
export { LOGIN_LINK_EXPIRED_PARAM };

interface LoginDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The log-in dialog (product §2 `#log_in`): on success the user goes to `redirect`, else their landing URL. */
export function LoginDialog({ open, onClose }: LoginDialogProps) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const loginMutation = useLogin();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof LoginBody>, unknown, LoginBody>({
    resolver: zodResolver(LoginBody),
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const { access_token, expires_at } = await loginMutation.mutateAsync(values);
      const profile = await startSession(queryClient, access_token, expires_at);
      if (!profile) {
        setServerError(t('login.failed'));
        return;
      }
      const target = safeRedirectPath(searchParams.get('redirect')) ?? landingUrlFor(true, profile.features);
      await navigate(target, { replace: true });
    } catch (error) {
      if (isApiError(error, 401)) {
        setServerError(t('login.wrongCredentials'));
        setFocus('password');
      } else if (isApiError(error, 429)) {
        // The server's English message names the wait time; other languages get the general line.
        setServerError(i18n.resolvedLanguage === 'en' ? error.message : t('login.rateLimited'));
      } else if (isApiError(error, 400) && error.fields) {
        for (const field of ['username', 'password'] as const) {
          const message = error.fields[field];
          if (message) setError(field, { type: 'server', message });
        }
      } else {
        setServerError(t('login.failed'));
      }
    }
  });

  const linkExpired = searchParams.get(LOGIN_LINK_EXPIRED_PARAM) === 'expired';

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t('login.title')}
      description={t('login.description')}
      testId="login-dialog"
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        setFocus('username');
      }}
    >
      <form className="form" noValidate onSubmit={onSubmit}>
        {linkExpired && !serverError ? <FormAlert tone="info">{t('login.hashFailed')}</FormAlert> : null}
        {serverError ? <FormAlert tone="error">{serverError}</FormAlert> : null}
        <TextField
          label={t('login.username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={fieldErrorMessage(t, 'required', errors.username, getValues('username'))}
          {...register('username')}
        />
        <TextField
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          error={fieldErrorMessage(t, 'required', errors.password, getValues('password'))}
          {...register('password')}
        />
        <div className="form__row form__row--end">
          <Link className="text-link" to={paths.forgotPassword()}>
            {t('login.forgotPassword')}
          </Link>
        </div>
        <button type="submit" className="button button--primary button--block" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? t('login.submitting') : t('login.submit')}
        </button>
        {isSubmitting ? (
          <span className="visually-hidden" role="status">
            {t('login.submitting')}
          </span>
        ) : null}
      </form>
      <SignInOptionsSlot context="log-in" />
      <p className="dialog__switch">
        {t('login.noAccount')}{' '}
        <Link className="text-link" to={{ pathname: location.pathname, search: location.search, hash: SIGN_UP_HASH }} replace>
          {t('login.signUp')}
        </Link>
      </p>
    </Dialog>
  );
}
