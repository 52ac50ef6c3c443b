import type { Profile } from '@velora/shared';
import { ChangeEmailBody, Email } from '@velora/shared';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/text-field';
import { useChangeEmail } from '../api/change-email';
import { useEmailCheck } from '../api/validate-email';
import { useLiveCheck } from '../use-live-check';
import { useSettingsForm } from '../use-settings-form';
import { SettingsForm } from './settings-form';

/** A new email address (product §5: the password is optional); it changes once the link mailed to it is opened. */
export function EmailForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const mutation = useChangeEmail();
  const isCurrent = (email: string) => email.toLowerCase() === profile.email.toLowerCase();
  const settings = useSettingsForm({
    schema: ChangeEmailBody,
    defaultValues: { newEmail: '', password: '' },
    fields: ['newEmail', 'password'],
    refusals: {
      password: { 400: t('profile.errors.wrongPassword') },
      newEmail: { 409: t('profile.errors.emailTaken'), 400: t('profile.errors.sameEmail') },
    },
    send: async ({ newEmail: address, password }, { setError, setFocus, reset }) => {
      if (isCurrent(address)) {
        setError('newEmail', { type: 'server', message: t('profile.errors.sameEmail') }, { shouldFocus: true });
        return null;
      }
      if (check.rejected) {
        setFocus('newEmail');
        return null;
      }
      // An empty password is no password: the server then does not check one.
      await mutation.mutateAsync({ newEmail: address, ...(password ? { password } : {}) });
      reset({ newEmail: '', password: '' });
      return { saved: t('profile.email.sent', { email: address }) };
    },
  });
  const { register, control, formState: { errors } } = settings.form;
  const newEmail = useWatch({ control, name: 'newEmail' }) ?? '';
  const check = useLiveCheck(newEmail, Email, isCurrent, useEmailCheck, {
    available: t('profile.email.available'),
    taken: t('profile.errors.emailTaken'),
    format: t('validation.email'),
    checking: t('profile.checking'),
    rateLimited: t('validation.checksRateLimited'),
  });

  return (
    <SettingsForm
      title={t('profile.email.title')}
      intro={t('profile.email.intro', { email: profile.email })}
      testId="email-form"
      state={settings}
      submitLabel={t('profile.email.submit')}
      busyLabel={t('profile.sending')}
    >
      <TextField
        label={t('profile.email.newEmail')}
        type="email"
        autoComplete="email"
        spellCheck={false}
        status={errors.newEmail ? null : check.status}
        error={settings.errorText('newEmail', () => t('validation.email')) ?? check.error}
        {...register('newEmail')}
      />
      <TextField
        label={`${t('profile.currentPassword')} (${t('common.optional')})`}
        type="password"
        autoComplete="current-password"
        hint={t('profile.email.passwordHint')}
        error={settings.errorText('password', () => t('validation.passwordTooLong'))}
        {...register('password')}
      />
    </SettingsForm>
  );
}
