import type { MediaServer } from './media-server';

/**
 * The WHEP viewer sessions this process opened, by camera and member, so a member's video of a camera can be cut off
 * when his paid chat ends (decision record 037). A session closed by its viewer (DELETE) is forgotten; one the media
 * server dropped on its own is closed again harmlessly.
 */
export interface ViewerSessions {
  add(cameraId: number, userId: number, resourceId: string): void;
  remove(resourceId: string): void;
  /** Closes every WHEP session of the member on the camera that this process holds. */
  disconnectViewer(cameraId: number, userId: number): Promise<void>;
}

export function createViewerSessions(media: Pick<MediaServer, 'closeSession'>): ViewerSessions {
  const byViewer = new Map<string, Set<string>>();
  const viewerOf = new Map<string, string>();
  const keyOf = (cameraId: number, userId: number) => `${cameraId}:${userId}`;
  return {
    add(cameraId, userId, resourceId) {
      const key = keyOf(cameraId, userId);
      byViewer.set(key, (byViewer.get(key) ?? new Set()).add(resourceId));
      viewerOf.set(resourceId, key);
    },
    remove(resourceId) {
      const key = viewerOf.get(resourceId);
      if (key === undefined) return;
      viewerOf.delete(resourceId);
      const set = byViewer.get(key);
      set?.delete(resourceId);
      if (set?.size === 0) byViewer.delete(key);
    },
    async disconnectViewer(cameraId, userId) {
      const key = keyOf(cameraId, userId);
      const resources = [...(byViewer.get(key) ?? [])];
      byViewer.delete(key);
      for (const resourceId of resources) {
        viewerOf.delete(resourceId);
        await media.closeSession(resourceId).catch(() => undefined);
      }
    },
  };
}
