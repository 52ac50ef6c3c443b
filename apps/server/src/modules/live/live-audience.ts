import type { RoomId } from './media-server';

// How many watch a camera (decision record 061): the distinct members its video reaches from this instance, over
// WebRTC (the media server counts its WHEP viewers, one per member) or over LL-HLS (a playlist or segment request in
// the last few seconds). The camera list, the camera page and the studio all show this one number.

/** An LL-HLS member counts as watching this long after his last request (the player asks about every second). */
export const HLS_WATCHING_WINDOW_MS = 5_000;

export interface LiveAudience {
  /** The media server's count of a room's WHEP viewers. */
  whepViewers(room: RoomId, count: number): void;
  /** A member was served a playlist or segment of the camera's LL-HLS. */
  hlsRequest(cameraId: number, userId: number): void;
  close(): void;
}

export function createLiveAudience(options: {
  /** Told the number when it changes (the cameras module writes and pushes it, at most every 5 s). */
  report: (cameraId: number, watching: number) => void;
  /** Whether the member holds a WHEP session of the camera here (counted by the media server already). */
  holdsWhep: (cameraId: number, userId: number) => boolean;
  now?: () => number;
  windowMs?: number;
}): LiveAudience {
  const now = options.now ?? Date.now;
  const windowMs = options.windowMs ?? HLS_WATCHING_WINDOW_MS;
  const whep = new Map<number, number>();
  // camera → member → time of his last LL-HLS request
  const hls = new Map<number, Map<number, number>>();
  const reported = new Map<number, number>();
  let sweeper: ReturnType<typeof setInterval> | null = null;

  /** `always`: tell even an unchanged number (the media server's counts are told as they come, as before). */
  function update(cameraId: number, always = false) {
    const cutoff = now() - windowMs;
    let hlsOnly = 0;
    const seen = hls.get(cameraId);
    for (const [userId, at] of seen ?? []) {
      if (at <= cutoff) seen!.delete(userId);
      else if (!options.holdsWhep(cameraId, userId)) hlsOnly += 1;
    }
    if (seen?.size === 0) hls.delete(cameraId);
    if (hls.size === 0 && sweeper) {
      clearInterval(sweeper);
      sweeper = null;
    }
    const watching = (whep.get(cameraId) ?? 0) + hlsOnly;
    if (watching === 0) whep.delete(cameraId);
    if (!always && (reported.get(cameraId) ?? 0) === watching) return;
    if (watching === 0) reported.delete(cameraId);
    else reported.set(cameraId, watching);
    options.report(cameraId, watching);
  }

  return {
    whepViewers(room, count) {
      whep.set(room, Math.max(0, Math.floor(count)));
      update(room, true);
    },
    hlsRequest(cameraId, userId) {
      let seen = hls.get(cameraId);
      if (!seen) hls.set(cameraId, (seen = new Map()));
      seen.set(userId, now());
      // Members whose last request falls out of the window stop counting without a request to say so.
      if (!sweeper) {
        sweeper = setInterval(() => {
          for (const id of [...hls.keys()]) update(id);
        }, Math.max(250, windowMs / 5));
        sweeper.unref();
      }
      update(cameraId);
    },
    close() {
      if (sweeper) clearInterval(sweeper);
      sweeper = null;
    },
  };
}
