import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BoModelDetail } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { BO_MODELS_KEY } from './get-models';

/** GET /backoffice/models/{id}: her profile, picture, account and camera. */
export function getModel(id: number, signal?: AbortSignal): Promise<BoModelDetail> {
  return requireData(call('backoffice.models.detail', { params: { id } }, { signal }));
}

export const modelKey = (id: number) => [...BO_MODELS_KEY, 'detail', id] as const;

export const modelQueryOptions = (id: number) => queryOptions({ queryKey: modelKey(id), queryFn: ({ signal }) => getModel(id, signal) });

/** Not asked for an id that is none (the screen says so itself). */
export function useBoModel(id: number | null) {
  return useQuery({ ...modelQueryOptions(id ?? 0), enabled: id !== null });
}
