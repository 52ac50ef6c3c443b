import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { StudioCamera } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** While on air the viewer count and the session state are asked for this often (ms). */
export const LIVE_POLL_MS = 5000;

/** GET /studio/camera: her camera, its session, ingest URLs and schedule (the server makes the camera on first call). */
export function getStudioCamera(signal?: AbortSignal): Promise<StudioCamera> {
  return requireData(call('studio.camera.get', {}, { signal }));
}

export const studioCameraQueryOptions = () =>
  queryOptions({
    queryKey: ['studio', 'camera'] as const,
    queryFn: ({ signal }) => getStudioCamera(signal),
  });

/** Her camera; polled while `polling` (on air), so the viewer count and a session ended elsewhere show up. */
export function useStudioCamera({ polling = false }: { polling?: boolean } = {}) {
  return useQuery({ ...studioCameraQueryOptions(), refetchInterval: polling ? LIVE_POLL_MS : false });
}

/** The studio calls that answer the whole camera put it straight into the cache. */
export function setStudioCamera(queryClient: QueryClient, camera: StudioCamera): void {
  queryClient.setQueryData(studioCameraQueryOptions().queryKey, camera);
}
