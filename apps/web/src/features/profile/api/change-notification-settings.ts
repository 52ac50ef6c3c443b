import { useMutation } from '@tanstack/react-query';
import type { ChangeNotificationSettingsBody, StatusOk } from '@velora/shared';
import { api, requireData } from '@/lib/http';

/** POST /user/change_notification_settings {hasPlaydateNotification, hasCameraMailNotification}. */
export function changeNotificationSettings(body: ChangeNotificationSettingsBody): Promise<StatusOk> {
  return requireData(api.post<StatusOk>('/user/change_notification_settings', body));
}

export function useChangeNotificationSettings() {
  return useMutation({ mutationFn: changeNotificationSettings });
}
