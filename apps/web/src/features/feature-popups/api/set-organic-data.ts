import { useMutation } from '@tanstack/react-query';
import type { SetOrganicDataBody, StatusOk } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** POST /feature/set_organic_data {age, source, other_source}: the organic popup's answers. */
export function setOrganicData(body: SetOrganicDataBody): Promise<StatusOk> {
  return requireData(call('features.setOrganicData', { body }));
}

export function useSetOrganicData() {
  return useMutation({ mutationFn: setOrganicData });
}
