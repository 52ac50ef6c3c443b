import { ChangePasswordBody } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextField } from '@/components/text-field';
import { useChangePassword } from '../api/change-password';
import { useSettingsForm } from '../use-settings-form';
import { SettingsForm } from './settings-form';

// The repeat is checked here only: the server never sees it.
const PasswordForm = ChangePasswordBody.extend({ confirm: z.string() }).refine((v) => v.newPassword === v.confirm, {
  path: ['confirm'],
  message: 'The passwords do not match',
});

/** Current, new and repeated password (product §5); the other sessions of the account end with the old one. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const mutation = useChangePassword();
  const settings = useSettingsForm({
    schema: PasswordForm,
    defaultValues: { password: '', newPassword: '', confirm: '' },
    fields: ['password', 'newPassword', 'confirm'],
    refusals: { password: { 400: t('profile.errors.wrongPassword') } },
    send: async ({ password, newPassword }, { reset }) => {
      await mutation.mutateAsync({ password, newPassword });
      reset();
      return { saved: t('profile.password.saved') };
    },
  });
  const { register } = settings.form;

  return (
    <SettingsForm
      title={t('profile.password.title')}
      intro={t('profile.password.intro')}
      testId="password-form"
      state={settings}
      submitLabel={t('profile.password.submit')}
      busyLabel={t('profile.saving')}
    >
      <TextField
        label={t('profile.currentPassword')}
        type="password"
        autoComplete="current-password"
        error={settings.errorText('password', () => t('profile.validation.passwordRequired'))}
        {...register('password')}
      />
      <TextField
        label={t('profile.password.newPassword')}
        type="password"
        autoComplete="new-password"
        hint={t('signup.passwordHint')}
        error={settings.errorText('newPassword', (error) => (error.type === 'too_big' ? t('validation.passwordTooLong') : t('validation.password')))}
        {...register('newPassword')}
      />
      <TextField
        label={t('profile.password.confirm')}
        type="password"
        autoComplete="new-password"
        error={settings.errorText('confirm', () => t('validation.passwordsDiffer'))}
        {...register('confirm')}
      />
    </SettingsForm>
  );
}
