import type { Profile } from '@velora/shared';
import { CHAT_NAME_MAX, ChangeUsernameBody, Username } from '@velora/shared';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/text-field';
import { useChangeUsername } from '../api/change-username';
import { useUsernameCheck } from '../api/validate-username';
import { useLiveCheck } from '../use-live-check';
import { useSettingsForm } from '../use-settings-form';
import { SettingsForm } from './settings-form';

/** Username and chat name (product §5: needs the password), with a live check whether the new name is free. */
export function UsernameForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const mutation = useChangeUsername();
  const settings = useSettingsForm({
    schema: ChangeUsernameBody,
    defaultValues: { userName: profile.username, chatName: profile.chatname ?? '', password: '' },
    fields: ['userName', 'chatName', 'password'],
    refusals: {
      password: { 400: t('profile.errors.wrongPassword') },
      userName: { 409: t('profile.errors.usernameTaken'), 400: t('validation.username') },
    },
    send: async (values, { setFocus, resetField }) => {
      if (check.rejected) {
        setFocus('userName');
        return null;
      }
      await mutation.mutateAsync(values);
      resetField('password');
      return { saved: t('profile.username.saved'), refresh: true };
    },
  });
  const { register, control, formState: { errors } } = settings.form;
  const userName = useWatch({ control, name: 'userName' }) ?? '';
  // The own name (in any case) is no change the server would refuse.
  const isOwn = (name: string) => name.toLowerCase() === profile.username.toLowerCase();
  const check = useLiveCheck(userName, Username, isOwn, useUsernameCheck, {
    available: t('profile.username.available'),
    taken: t('profile.errors.usernameTaken'),
    format: t('validation.username'),
    checking: t('profile.checking'),
    rateLimited: t('validation.checksRateLimited'),
  });

  return (
    <SettingsForm
      title={t('profile.username.title')}
      intro={t('profile.username.intro')}
      testId="username-form"
      state={settings}
      submitLabel={t('profile.username.submit')}
      busyLabel={t('profile.saving')}
    >
      <TextField
        label={t('profile.username.userName')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        hint={t('signup.usernameHint')}
        status={errors.userName ? null : check.status}
        error={settings.errorText('userName', () => t('validation.username')) ?? check.error}
        {...register('userName')}
      />
      <TextField
        label={t('profile.username.chatName')}
        autoComplete="nickname"
        hint={t('profile.username.chatNameHint', { max: CHAT_NAME_MAX })}
        error={settings.errorText('chatName', () => t('profile.validation.tooLong', { max: CHAT_NAME_MAX }))}
        {...register('chatName')}
      />
      <TextField
        label={t('profile.currentPassword')}
        type="password"
        autoComplete="current-password"
        error={settings.errorText('password', () => t('profile.validation.passwordRequired'))}
        {...register('password')}
      />
    </SettingsForm>
  );
}
