import { useMutation } from '@tanstack/react-query';
import type { ChangeNotificationSettingsBody, StatusOk } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** POST /user/change_notification_settings {hasPlaydateNotification, hasCameraMailNotification}. */
export function changeNotificationSettings(body: ChangeNotificationSettingsBody): Promise<StatusOk> {
  return requireData(call('user.changeNotificationSettings', { body }));
}

export function useChangeNotificationSettings() {
  return useMutation({ mutationFn: changeNotificationSettings });
}
