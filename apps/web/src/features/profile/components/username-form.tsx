import { zodResolver } from '@hookform/resolvers/zod';
import type { Profile } from '@velora/shared';
import { CHAT_NAME_MAX, ChangeUsernameBody, Username } from '@velora/shared';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormAlert } from '@/components/form-alert';
import { TextField } from '@/components/text-field';
import { useAccount } from '../account';
import { useChangeUsername } from '../api/change-username';
import { useUsernameCheck } from '../api/validate-username';
import { refusalOf, showRefusal } from '../refusals';
import { useLiveCheck } from '../use-live-check';
import { SettingsCard, SuccessStatus } from './settings-card';

type Input = z.input<typeof ChangeUsernameBody>;
type Values = z.output<typeof ChangeUsernameBody>;
const FIELDS = ['userName', 'chatName', 'password'] as const;

/** Username and chat name (SPEC §5: needs the password), with a live check whether the new name is free. */
export function UsernameForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const account = useAccount();
  const mutation = useChangeUsername();
  const [saved, setSaved] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    resetField,
    control,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Values>({
    resolver: zodResolver(ChangeUsernameBody),
    mode: 'onTouched',
    defaultValues: { userName: profile.username, chatName: profile.chatname ?? '', password: '' },
  });
  const userName = useWatch({ control, name: 'userName' }) ?? '';
  // The own name (in any case) is no change the server would refuse.
  const isOwn = (name: string) => name.toLowerCase() === profile.username.toLowerCase();
  const check = useLiveCheck(userName, Username, isOwn, useUsernameCheck, {
    available: t('profile.username.available'),
    taken: t('profile.errors.usernameTaken'),
    format: t('validation.username'),
    checking: t('profile.checking'),
  });

  const message = (field: (typeof FIELDS)[number]): string | undefined => {
    const error = errors[field];
    if (!error) return undefined;
    if (error.type === 'server') return error.message;
    if (field === 'userName') return t('validation.username');
    if (field === 'chatName') return t('profile.validation.tooLong', { max: CHAT_NAME_MAX });
    return t('profile.validation.passwordRequired');
  };

  const onSubmit = handleSubmit(async (values) => {
    setSaved(null);
    setFormError(null);
    if (check.rejected) {
      setFocus('userName');
      return;
    }
    try {
      await mutation.mutateAsync(values);
      resetField('password');
      await account.refresh();
      setSaved(t('profile.username.saved'));
    } catch (error) {
      const refusal = refusalOf(error, t, {
        password: { 400: t('profile.errors.wrongPassword') },
        userName: { 409: t('profile.errors.usernameTaken'), 400: t('validation.username') },
      });
      setFormError(showRefusal(refusal, FIELDS, (field, text) => setError(field, { type: 'server', message: text }, { shouldFocus: true })));
    }
  });

  return (
    <SettingsCard title={t('profile.username.title')} intro={t('profile.username.intro')} testId="username-form">
      <form className="form" noValidate onSubmit={onSubmit}>
        {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
        <TextField
          label={t('profile.username.userName')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint={t('signup.usernameHint')}
          status={errors.userName ? null : check.status}
          error={message('userName') ?? check.error}
          {...register('userName')}
        />
        <TextField
          label={t('profile.username.chatName')}
          autoComplete="nickname"
          hint={t('profile.username.chatNameHint', { max: CHAT_NAME_MAX })}
          error={message('chatName')}
          {...register('chatName')}
        />
        <TextField label={t('profile.currentPassword')} type="password" autoComplete="current-password" error={message('password')} {...register('password')} />
        <SuccessStatus message={saved} />
        <div className="form__row form__row--end">
          <button type="submit" className="button button--primary" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
            {isSubmitting ? t('profile.saving') : t('profile.username.submit')}
          </button>
        </div>
      </form>
    </SettingsCard>
  );
}
