import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BoShootDetail } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { BO_SHOOTS_KEY } from './get-shoots';

/** GET /backoffice/shoots/{id}: the shoot with its whole gallery, cover and videos. */
export function getShoot(id: number, signal?: AbortSignal): Promise<BoShootDetail> {
  return requireData(call('backoffice.shoots.detail', { params: { id } }, { signal }));
}

export const shootKey = (id: number) => [...BO_SHOOTS_KEY, 'detail', id] as const;

export const shootQueryOptions = (id: number) => queryOptions({ queryKey: shootKey(id), queryFn: ({ signal }) => getShoot(id, signal) });

/** Not asked for an id that is none (the screen says so itself). */
export function useBoShoot(id: number | null) {
  return useQuery({ ...shootQueryOptions(id ?? 0), enabled: id !== null });
}
