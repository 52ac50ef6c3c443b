import type { MediaServer, RoomId } from './media-server';

/**
 * The WHEP viewer sessions this process opened, by camera and member, so a member's video of a camera can be cut off
 * when he may no longer see it (his paid chat ended, the camera went paid: decision records 037 and 061). A session
 * closed by its viewer (DELETE) is forgotten; one the media server dropped on its own is forgotten when its room has
 * no viewer left, and closing it again is harmless.
 */
export interface ViewerSessions {
  add(cameraId: number, userId: number, resourceId: string): void;
  remove(resourceId: string): void;
  /** Closes every WHEP session of the member on the camera that this process holds. */
  disconnectViewer(cameraId: number, userId: number): Promise<void>;
  /** Whether this process holds a WHEP session of the member on the camera. */
  holds(cameraId: number, userId: number): boolean;
  /** The members this process holds WHEP sessions of, by camera. */
  watchers(): Map<number, number[]>;
  /** The media server counted no viewer left in the room: every session of it is gone. */
  roomEmptied(room: RoomId): void;
}

export function createViewerSessions(media: Pick<MediaServer, 'closeSession'>): ViewerSessions {
  // camera id → member → resource ids
  const byCamera = new Map<number, Map<number, Set<string>>>();
  const viewerOf = new Map<string, { cameraId: number; userId: number }>();

  function forget(resourceId: string) {
    const viewer = viewerOf.get(resourceId);
    if (!viewer) return;
    viewerOf.delete(resourceId);
    const members = byCamera.get(viewer.cameraId);
    const resources = members?.get(viewer.userId);
    resources?.delete(resourceId);
    if (resources?.size === 0) members!.delete(viewer.userId);
    if (members?.size === 0) byCamera.delete(viewer.cameraId);
  }

  return {
    add(cameraId, userId, resourceId) {
      let members = byCamera.get(cameraId);
      if (!members) byCamera.set(cameraId, (members = new Map()));
      let resources = members.get(userId);
      if (!resources) members.set(userId, (resources = new Set()));
      resources.add(resourceId);
      viewerOf.set(resourceId, { cameraId, userId });
    },
    remove: forget,
    async disconnectViewer(cameraId, userId) {
      const resources = [...(byCamera.get(cameraId)?.get(userId) ?? [])];
      for (const resourceId of resources) {
        forget(resourceId);
        await media.closeSession(resourceId).catch(() => undefined);
      }
    },
    holds: (cameraId, userId) => byCamera.get(cameraId)?.has(userId) ?? false,
    watchers: () => new Map([...byCamera].map(([cameraId, members]) => [cameraId, [...members.keys()]])),
    roomEmptied(room) {
      for (const resources of byCamera.get(room)?.values() ?? []) for (const resourceId of [...resources]) forget(resourceId);
    },
  };
}
