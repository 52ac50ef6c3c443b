import type { WatchState } from '@velora/shared';
import { isPrivateMediaRoom } from './media-server';
import type { ViewerSessions } from './viewer-sessions';

// Every WHEP session this instance holds is asked about again every couple of seconds (decision record 061): a paid
// session that ended on another instance, a camera that went from free to paid chat, a viewer restricted meanwhile.
// The immediate cut at a paid session's end (chat sessions → disconnectViewer) covers only its own instance; this
// covers every instance and every other cause.

/** How often the WHEP sessions of this instance are checked. */
export const WATCH_RECHECK_INTERVAL_MS = 2_000;

/** Whether each of these members may see the camera's video now (the cameras module answers, read fresh). */
export type WatchAccessOfMembers = (cameraId: number, userIds: readonly number[]) => Promise<Map<number, WatchState>>;

export interface WatchRecheck {
  stop(): Promise<void>;
}

export function startWatchRecheck(options: {
  viewers: ViewerSessions;
  accessOfMembers: WatchAccessOfMembers;
  log: { error: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
  intervalMs?: number;
}): WatchRecheck {
  const { viewers, accessOfMembers, log } = options;
  const intervalMs = options.intervalMs ?? WATCH_RECHECK_INTERVAL_MS;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> = Promise.resolve();

  async function pass(): Promise<void> {
    for (const [cameraId, userIds] of viewers.watchers()) {
      // Private rooms (playdates) are not cameras: their rooms end with the playdate (decision record 041).
      if (isPrivateMediaRoom(cameraId)) continue;
      try {
        const answers = await accessOfMembers(cameraId, userIds);
        for (const userId of userIds) {
          const answer = answers.get(userId);
          if (answer === 'allowed') continue;
          await viewers.disconnectViewer(cameraId, userId);
          log.info({ cameraId, userId, answer }, 'live video cut off: the member may no longer watch');
        }
      } catch (err) {
        // A database hiccup keeps everyone for this round; the next one asks again.
        log.error({ err, cameraId }, 'live video re-check failed');
      }
    }
  }

  // One pass at a time: the next is planned when the last one ended.
  function plan() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass();
      void running.finally(plan);
    }, intervalMs);
    timer.unref();
  }
  plan();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running.catch(() => undefined);
    },
  };
}
