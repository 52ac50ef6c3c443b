import type { Profile } from '@velora/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { useAccount } from '../account';
import { useChangeNotificationSettings } from '../api/change-notification-settings';
import { refusalOf, showRefusal } from '../refusals';
import { SettingsCard, SuccessStatus } from './settings-card';
import { SwitchField } from './switch-field';

interface Values {
  hasPlaydateNotification: boolean;
  hasCameraMailNotification: boolean;
}

/** Which mails about playdates and live cams the member wants. */
export function NotificationsForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const account = useAccount();
  const mutation = useChangeNotificationSettings();
  const [saved, setSaved] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<Values>({
    defaultValues: { hasPlaydateNotification: profile.playdate_notification, hasCameraMailNotification: profile.camera_mail_notification },
  });

  const onSubmit = handleSubmit(async (values) => {
    setSaved(null);
    setFormError(null);
    try {
      await mutation.mutateAsync(values);
      await account.refresh();
      setSaved(t('profile.notifications.saved'));
    } catch (error) {
      setFormError(showRefusal(refusalOf(error, t), [], () => undefined));
    }
  });

  return (
    <SettingsCard title={t('profile.notifications.title')} intro={t('profile.notifications.intro')} testId="notifications-form">
      <form className="form" noValidate onSubmit={onSubmit}>
        {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
        <SwitchField label={t('profile.notifications.playdate')} hint={t('profile.notifications.playdateHint')} {...register('hasPlaydateNotification')} />
        <SwitchField label={t('profile.notifications.cameraMail')} hint={t('profile.notifications.cameraMailHint')} {...register('hasCameraMailNotification')} />
        <SuccessStatus message={saved} />
        <div className="form__row form__row--end">
          <button type="submit" className="button button--primary" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
            {isSubmitting ? t('profile.saving') : t('profile.notifications.submit')}
          </button>
        </div>
      </form>
    </SettingsCard>
  );
}
