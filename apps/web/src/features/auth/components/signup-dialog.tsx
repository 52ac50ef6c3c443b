import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import type { Language, ValidationResult } from '@velora/shared';
import { Email, RegisterBody, Username, isLanguage, landingUrlFor } from '@velora/shared';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { Dialog } from '@/components/dialog';
import { FormAlert } from '@/components/form-alert';
import { LOG_IN_HASH } from '@/components/modal-hashes';
import { SignInOptionsSlot } from '@/components/sign-in-options';
import { TextField } from '@/components/text-field';
import { isApiError } from '@/lib/http';
import { useRegister } from '../api/register';
import { useEmailValidation } from '../api/validate-email';
import { useUsernameValidation } from '../api/validate-username';
import { fieldErrorMessage } from '../field-errors';
import { startSession } from '../session';
import { useDebouncedValue } from '@/lib/use-debounced-value';

const SignupForm = RegisterBody.omit({ language: true });
type SignupInput = z.input<typeof SignupForm>;
type SignupValues = z.output<typeof SignupForm>;

/** How long typing must pause before the server is asked whether a name or address is free. */
export const LIVE_VALIDATION_DELAY_MS = 400;

interface LiveCheck {
  status: ReactNode;
  error: string | undefined;
  /** The server said no: submitting would fail. */
  rejected: boolean;
}

function useLiveCheck(
  value: string,
  schema: typeof Username | typeof Email,
  useCheck: (value: string | null) => { data: ValidationResult | undefined; isFetching: boolean; error: unknown },
  messages: { available: string; taken: string; format: string; checking: string; rateLimited: string },
): LiveCheck {
  const debounced = useDebouncedValue(value.trim(), LIVE_VALIDATION_DELAY_MS);
  // Only a value that passes the local rules is worth a request.
  const candidate = debounced !== '' && schema.safeParse(debounced).success ? debounced : null;
  const { data, isFetching, error } = useCheck(candidate);
  const current = candidate !== null && candidate === value.trim();
  if (!current) return { status: null, error: undefined, rejected: false };
  if (isFetching && !data) return { status: messages.checking, error: undefined, rejected: false };
  // Checks are limited per address: past the limit the submit decides, so this is a note, not a refusal.
  if (!data && isApiError(error, 429)) return { status: messages.rateLimited, error: undefined, rejected: false };
  if (!data) return { status: null, error: undefined, rejected: false };
  if (data.valid) return { status: <span className="field__ok">{messages.available}</span>, error: undefined, rejected: false };
  return { status: null, error: data.reason === 'taken' ? messages.taken : messages.format, rejected: true };
}

interface SignupDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The sign-up dialog (popup type `signup`, hash `#sign_up`): live server checks, then logged in. */
export function SignupDialog({ open, onClose }: SignupDialogProps) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const registerMutation = useRegister();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    setError,
    getValues,
    control,
    formState: { errors, isSubmitting },
  } = useForm<SignupInput, unknown, SignupValues>({
    resolver: zodResolver(SignupForm),
    mode: 'onTouched',
    defaultValues: { username: '', email: '', password: '' },
  });
  const [username = '', email = ''] = useWatch({ control, name: ['username', 'email'] });

  const usernameCheck = useLiveCheck(username, Username, useUsernameValidation, {
    available: t('signup.usernameAvailable'),
    taken: t('signup.usernameTaken'),
    format: t('validation.username'),
    checking: t('signup.checking'),
    rateLimited: t('validation.checksRateLimited'),
  });
  const emailCheck = useLiveCheck(email, Email, useEmailValidation, {
    available: t('signup.emailAvailable'),
    taken: t('signup.emailTaken'),
    format: t('validation.email'),
    checking: t('signup.checking'),
    rateLimited: t('validation.checksRateLimited'),
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    if (usernameCheck.rejected || emailCheck.rejected) {
      setFocus(usernameCheck.rejected ? 'username' : 'email');
      return;
    }
    const language: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
    try {
      const { access_token, expires_at } = await registerMutation.mutateAsync({ ...values, language });
      const profile = await startSession(queryClient, access_token, expires_at);
      await navigate(landingUrlFor(profile !== null, profile?.features), { replace: true });
    } catch (error) {
      if ((isApiError(error, 409) || isApiError(error, 400)) && error.fields) {
        const fields = error.fields;
        if (fields.username) setError('username', { type: 'server', message: isApiError(error, 409) ? t('signup.usernameTaken') : fields.username });
        if (fields.email) setError('email', { type: 'server', message: isApiError(error, 409) ? t('signup.emailTaken') : fields.email });
        if (fields.password) setError('password', { type: 'server', message: fields.password });
        if (!fields.username && !fields.email && !fields.password) setServerError(t('signup.failed'));
      } else if (isApiError(error, 429)) {
        setServerError(t('signup.rateLimited'));
      } else {
        setServerError(t('signup.failed'));
      }
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t('signup.title')}
      description={t('signup.description')}
      testId="signup-dialog"
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        setFocus('username');
      }}
    >
      <form className="form" noValidate onSubmit={onSubmit}>
        {serverError ? <FormAlert tone="error">{serverError}</FormAlert> : null}
        <TextField
          label={t('signup.username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint={t('signup.usernameHint')}
          status={errors.username ? null : usernameCheck.status}
          error={fieldErrorMessage(t, 'username', errors.username, getValues('username')) ?? usernameCheck.error}
          {...register('username')}
        />
        <TextField
          label={t('signup.email')}
          type="email"
          autoComplete="email"
          spellCheck={false}
          status={errors.email ? null : emailCheck.status}
          error={fieldErrorMessage(t, 'email', errors.email, getValues('email')) ?? emailCheck.error}
          {...register('email')}
        />
        <TextField
          label={t('signup.password')}
          type="password"
          autoComplete="new-password"
          hint={t('signup.passwordHint')}
          error={fieldErrorMessage(t, 'password', errors.password, getValues('password'))}
          {...register('password')}
        />
        <button type="submit" className="button button--primary button--block" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? t('signup.submitting') : t('signup.submit')}
        </button>
      </form>
      <SignInOptionsSlot context="sign-up" />
      <p className="dialog__switch">
        {t('signup.hasAccount')}{' '}
        <Link className="text-link" to={{ pathname: location.pathname, search: location.search, hash: LOG_IN_HASH }} replace>
          {t('signup.logIn')}
        </Link>
      </p>
    </Dialog>
  );
}
