import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CameraDetail } from '@velora/shared';
import { SHOWS_FAVOURITES } from '@/lib/favourites';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export const cameraDetailKey = (name: string) => ['cameras', 'detail', name] as const;

export function getCamera(name: string, signal?: AbortSignal): Promise<CameraDetail> {
  return requireData(call('cameras.detail', { params: { name } }, { signal }));
}

export const cameraQueryOptions = (name: string) =>
  queryOptions({
    queryKey: cameraDetailKey(name),
    queryFn: ({ signal }) => getCamera(name, signal),
    meta: SHOWS_FAVOURITES,
  });

export function useCamera(name: string | null) {
  return useQuery({ ...cameraQueryOptions(name ?? ''), enabled: name !== null });
}
