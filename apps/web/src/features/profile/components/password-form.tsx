import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordBody } from '@velora/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormAlert } from '@/components/form-alert';
import { TextField } from '@/components/text-field';
import { useChangePassword } from '../api/change-password';
import { refusalOf, showRefusal } from '../refusals';
import { SettingsCard, SuccessStatus } from './settings-card';

// The repeat is checked here only: the server never sees it.
const PasswordForm = ChangePasswordBody.extend({ confirm: z.string() }).refine((v) => v.newPassword === v.confirm, {
  path: ['confirm'],
  message: 'The passwords do not match',
});
type Input = z.input<typeof PasswordForm>;
type Values = z.output<typeof PasswordForm>;
const FIELDS = ['password', 'newPassword', 'confirm'] as const;

/** Current, new and repeated password (SPEC §5); the other sessions of the account end with the old one. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const mutation = useChangePassword();
  const [saved, setSaved] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Values>({
    resolver: zodResolver(PasswordForm),
    mode: 'onTouched',
    defaultValues: { password: '', newPassword: '', confirm: '' },
  });

  const message = (field: (typeof FIELDS)[number]): string | undefined => {
    const error = errors[field];
    if (!error) return undefined;
    if (error.type === 'server') return error.message;
    if (field === 'password') return t('profile.validation.passwordRequired');
    if (field === 'newPassword') return error.type === 'too_big' ? t('validation.passwordTooLong') : t('validation.password');
    return t('validation.passwordsDiffer');
  };

  const onSubmit = handleSubmit(async ({ password, newPassword }) => {
    setSaved(null);
    setFormError(null);
    try {
      await mutation.mutateAsync({ password, newPassword });
      reset();
      setSaved(t('profile.password.saved'));
    } catch (error) {
      const refusal = refusalOf(error, t, { password: { 400: t('profile.errors.wrongPassword') } });
      setFormError(showRefusal(refusal, FIELDS, (field, text) => setError(field, { type: 'server', message: text }, { shouldFocus: true })));
    }
  });

  return (
    <SettingsCard title={t('profile.password.title')} intro={t('profile.password.intro')} testId="password-form">
      <form className="form" noValidate onSubmit={onSubmit}>
        {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
        <TextField label={t('profile.currentPassword')} type="password" autoComplete="current-password" error={message('password')} {...register('password')} />
        <TextField
          label={t('profile.password.newPassword')}
          type="password"
          autoComplete="new-password"
          hint={t('signup.passwordHint')}
          error={message('newPassword')}
          {...register('newPassword')}
        />
        <TextField label={t('profile.password.confirm')} type="password" autoComplete="new-password" error={message('confirm')} {...register('confirm')} />
        <SuccessStatus message={saved} />
        <div className="form__row form__row--end">
          <button type="submit" className="button button--primary" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
            {isSubmitting ? t('profile.saving') : t('profile.password.submit')}
          </button>
        </div>
      </form>
    </SettingsCard>
  );
}
