import { zodResolver } from '@hookform/resolvers/zod';
import type { Profile } from '@velora/shared';
import { ChangeEmailBody, Email } from '@velora/shared';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormAlert } from '@/components/form-alert';
import { TextField } from '@/components/text-field';
import { useChangeEmail } from '../api/change-email';
import { useEmailCheck } from '../api/validate-email';
import { refusalOf, showRefusal } from '../refusals';
import { useLiveCheck } from '../use-live-check';
import { SettingsCard, SuccessStatus } from './settings-card';

type Input = z.input<typeof ChangeEmailBody>;
type Values = z.output<typeof ChangeEmailBody>;
const FIELDS = ['newEmail', 'password'] as const;

/** A new email address (SPEC §5: the password is optional); it changes once the link mailed to it is opened. */
export function EmailForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const mutation = useChangeEmail();
  const [sent, setSent] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Values>({
    resolver: zodResolver(ChangeEmailBody),
    mode: 'onTouched',
    defaultValues: { newEmail: '', password: '' },
  });
  const newEmail = useWatch({ control, name: 'newEmail' }) ?? '';
  const isCurrent = (email: string) => email.toLowerCase() === profile.email.toLowerCase();
  const check = useLiveCheck(newEmail, Email, isCurrent, useEmailCheck, {
    available: t('profile.email.available'),
    taken: t('profile.errors.emailTaken'),
    format: t('validation.email'),
    checking: t('profile.checking'),
  });

  const message = (field: (typeof FIELDS)[number]): string | undefined => {
    const error = errors[field];
    if (!error) return undefined;
    if (error.type === 'server') return error.message;
    return field === 'newEmail' ? t('validation.email') : t('validation.passwordTooLong');
  };

  const onSubmit = handleSubmit(async ({ newEmail: address, password }) => {
    setSent(null);
    setFormError(null);
    if (isCurrent(address)) {
      setError('newEmail', { type: 'server', message: t('profile.errors.sameEmail') }, { shouldFocus: true });
      return;
    }
    if (check.rejected) {
      setFocus('newEmail');
      return;
    }
    try {
      // An empty password is no password: the server then does not check one.
      await mutation.mutateAsync({ newEmail: address, ...(password ? { password } : {}) });
      reset({ newEmail: '', password: '' });
      setSent(t('profile.email.sent', { email: address }));
    } catch (error) {
      const refusal = refusalOf(error, t, {
        password: { 400: t('profile.errors.wrongPassword') },
        newEmail: { 409: t('profile.errors.emailTaken'), 400: t('profile.errors.sameEmail') },
      });
      setFormError(showRefusal(refusal, FIELDS, (field, text) => setError(field, { type: 'server', message: text }, { shouldFocus: true })));
    }
  });

  return (
    <SettingsCard title={t('profile.email.title')} intro={t('profile.email.intro', { email: profile.email })} testId="email-form">
      <form className="form" noValidate onSubmit={onSubmit}>
        {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
        <TextField
          label={t('profile.email.newEmail')}
          type="email"
          autoComplete="email"
          spellCheck={false}
          status={errors.newEmail ? null : check.status}
          error={message('newEmail') ?? check.error}
          {...register('newEmail')}
        />
        <TextField
          label={`${t('profile.currentPassword')} (${t('common.optional')})`}
          type="password"
          autoComplete="current-password"
          hint={t('profile.email.passwordHint')}
          error={message('password')}
          {...register('password')}
        />
        <SuccessStatus message={sent} />
        <div className="form__row form__row--end">
          <button type="submit" className="button button--primary" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
            {isSubmitting ? t('profile.sending') : t('profile.email.submit')}
          </button>
        </div>
      </form>
    </SettingsCard>
  );
}
