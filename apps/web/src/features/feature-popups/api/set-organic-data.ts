import { useMutation } from '@tanstack/react-query';
import type { SetOrganicDataBody, StatusOk } from '@velora/shared';
import { api, requireData } from '@/lib/http';

/** POST /feature/set_organic_data {age, source, other_source}: the organic popup's answers. */
export function setOrganicData(body: SetOrganicDataBody): Promise<StatusOk> {
  return requireData(api.post<StatusOk>('/feature/set_organic_data', body));
}

export function useSetOrganicData() {
  return useMutation({ mutationFn: setOrganicData });
}
