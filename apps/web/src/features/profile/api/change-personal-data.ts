import { useMutation } from '@tanstack/react-query';
import type { ChangePersonalDataBody, StatusOk } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** POST /user/change_personal_data {firstName, lastName, street, house, zip, city, country}: null clears a field. */
export function changePersonalData(body: ChangePersonalDataBody): Promise<StatusOk> {
  return requireData(call('user.changePersonalData', { body }));
}

export function useChangePersonalData() {
  return useMutation({ mutationFn: changePersonalData });
}
