import type { Profile } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { SwitchField } from '@/components/switch-field';
import { useChangeNotificationSettings } from '../api/change-notification-settings';
import { useSettingsForm } from '../use-settings-form';
import { SettingsForm } from './settings-form';

interface Values {
  hasPlaydateNotification: boolean;
  hasCameraMailNotification: boolean;
}

/** Which mails about playdates and live cams the member wants. */
export function NotificationsForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const mutation = useChangeNotificationSettings();
  const settings = useSettingsForm<Values>({
    defaultValues: { hasPlaydateNotification: profile.playdate_notification, hasCameraMailNotification: profile.camera_mail_notification },
    send: async (values) => {
      await mutation.mutateAsync(values);
      return { saved: t('profile.notifications.saved'), refresh: true };
    },
  });
  const { register } = settings.form;

  return (
    <SettingsForm
      title={t('profile.notifications.title')}
      intro={t('profile.notifications.intro')}
      testId="notifications-form"
      state={settings}
      submitLabel={t('profile.notifications.submit')}
      busyLabel={t('profile.saving')}
    >
      <SwitchField label={t('profile.notifications.playdate')} hint={t('profile.notifications.playdateHint')} {...register('hasPlaydateNotification')} />
      <SwitchField label={t('profile.notifications.cameraMail')} hint={t('profile.notifications.cameraMailHint')} {...register('hasCameraMailNotification')} />
    </SettingsForm>
  );
}
