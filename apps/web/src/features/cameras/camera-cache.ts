import type { QueryClient } from '@tanstack/react-query';
import type { CameraDetail, CameraList, CameraState, CameraStatusEvent, FavouriteList } from '@velora/shared';
import { FAVOURITES_QUERY_ROOT } from '@/lib/favourites';
import { cameraDetailKey } from './api/get-camera';
import { CAMERA_LISTS_KEY } from './api/get-cameras';

type StatusCamera = CameraStatusEvent['camera'];

/** Live first, then soon, then offline: every order of /cameras keeps these groups (contracts/camera-summary). */
export const STATE_RANK: Record<CameraState, number> = { live: 0, soon: 1, offline: 2 };

function regroup<T extends { state: CameraState }>(cameras: readonly T[]): T[] {
  // Array.prototype.sort is stable: the server's order stays within each group.
  return [...cameras].sort((a, b) => STATE_RANK[a.state] - STATE_RANK[b.state]);
}

/**
 * Applies a camera:status event to every cached page that shows the camera (the /cameras pages, the camera page,
 * the favourite cams), keeping the member's own `is_favourite`. A camera that changed state moves into its group.
 * Returns the state the cache knew before (null when no cached page showed the camera).
 */
export function applyCameraStatus(queryClient: QueryClient, camera: StatusCamera, options: { restricted?: boolean } = {}): CameraState | null {
  let previous: CameraState | null = null;
  // The event carries everyone's pictures; a restricted viewer (product §6) keeps the placeholder the server gave her.
  const forViewer = (shown: { cover: string }): StatusCamera => (options.restricted ? { ...camera, preview: shown.cover, cover: shown.cover } : camera);

  queryClient.setQueriesData<CameraList>({ queryKey: CAMERA_LISTS_KEY }, (list) => {
    if (!list) return list;
    const index = list.cameras.findIndex((c) => c.id === camera.id);
    const shown = list.cameras[index];
    if (!shown) return list;
    previous ??= shown.state;
    const cameras = [...list.cameras];
    cameras[index] = { ...forViewer(shown), is_favourite: shown.is_favourite };
    const liveDelta = (camera.state === 'live' ? 1 : 0) - (shown.state === 'live' ? 1 : 0);
    return { ...list, cameras: regroup(cameras), live_total: Math.max(0, list.live_total + liveDelta) };
  });

  const detailKey = cameraDetailKey(camera.name);
  const detail = queryClient.getQueryData<CameraDetail>(detailKey);
  if (detail && detail.id === camera.id) {
    previous ??= detail.state;
    queryClient.setQueryData<CameraDetail>(detailKey, { ...detail, ...forViewer(detail), is_favourite: detail.is_favourite });
    // Whether the member may watch follows from the state and the chat mode; the server says again.
    if (detail.state !== camera.state || detail.chat_mode !== camera.chat_mode) void queryClient.invalidateQueries({ queryKey: detailKey, exact: true });
  }

  queryClient.setQueriesData<FavouriteList>({ queryKey: [FAVOURITES_QUERY_ROOT, 'camera'] }, (list) => {
    if (!list || !list.items.some((item) => item.camera?.id === camera.id)) return list;
    return {
      ...list,
      items: list.items.map((item) => {
        if (item.camera?.id !== camera.id) return item;
        previous ??= item.camera.state;
        return { ...item, camera: { ...forViewer(item.camera), is_favourite: item.camera.is_favourite } };
      }),
    };
  });

  return previous;
}
