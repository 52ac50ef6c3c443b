import type { ReactNode } from 'react';

/** What the app puts in: the live video (the cameras feature's player) and the feedback question after a session. */
export interface ChatScreenSlots {
  /** The member reading (his messages are "You"). */
  viewerUserId: number | null;
  /**
   * The live video. `paidSessionId`: the member's open paid session (null: none); a new one is what lets him see a
   * paid camera, so the player asks for its ticket again.
   */
  renderPlayer: (camera: { name: string; label: string; live: boolean; paidSessionId: number | null }) => ReactNode;
  /** A session of at least a minute ended (and no other popup was opened for it). */
  onSessionEnded?: (camera: { name: string; display_name: string }) => void;
}
