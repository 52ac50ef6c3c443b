import { useMutation } from '@tanstack/react-query';
import type { ChangePersonalDataBody, StatusOk } from '@velora/shared';
import { api, requireData } from '@/lib/http';

/** POST /user/change_personal_data {firstName, lastName, street, house, zip, city, country}: null clears a field. */
export function changePersonalData(body: ChangePersonalDataBody): Promise<StatusOk> {
  return requireData(api.post<StatusOk>('/user/change_personal_data', body));
}

export function useChangePersonalData() {
  return useMutation({ mutationFn: changePersonalData });
}
