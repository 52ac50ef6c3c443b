import { useCallback, useEffect, useMemo, useRef } from 'react';
import { isApiError } from '@/lib/http';
import { reportError } from '@/lib/report-error';
import { postPlayback } from './api/post-playback';

/** Progress is posted about this often while playing, and on pause, end and close. */
export const REPORT_EVERY_MS = 10_000;
const MAX_POSITION_S = 86_400;

export interface PlaybackReporter {
  onProgress: (seconds: number, duration: number) => void;
  onPause: (seconds: number, duration: number) => void;
  onEnded: (duration: number) => void;
}

type Position = { position: number; duration: number };

/** The latest position when it differs (in whole seconds) from the last one posted. */
function unsent(latest: Position | null, lastSent: { position: number } | null): Position | null {
  return latest !== null && Math.floor(latest.position) !== lastSent?.position ? latest : null;
}

/** Posts the playback position of one video (POST /videos/{id}/playback), best effort. */
export function usePlaybackReporter(videoId: number, now: () => number = Date.now): PlaybackReporter {
  const lastSent = useRef<{ at: number; position: number } | null>(null);
  const latest = useRef<{ position: number; duration: number } | null>(null);
  // A 403 means the video is not playable for this member: nothing to remember then.
  const refused = useRef(false);
  const clock = useRef(now);
  clock.current = now;

  const send = useCallback(
    (seconds: number, duration: number) => {
      if (refused.current || !Number.isFinite(seconds)) return;
      const position = Math.min(MAX_POSITION_S, Math.max(0, Math.floor(seconds)));
      lastSent.current = { at: clock.current(), position };
      const body = Number.isFinite(duration) && duration > 0 ? { position, duration: Math.min(MAX_POSITION_S, Math.round(duration)) } : { position };
      postPlayback(videoId, body).catch((error: unknown) => {
        if (isApiError(error, 403)) refused.current = true;
        else if (!isApiError(error)) reportError(error, { during: 'playback progress' });
      });
    },
    [videoId],
  );

  const onProgress = useCallback(
    (seconds: number, duration: number) => {
      latest.current = { position: seconds, duration };
      // The clock starts with playback: the first report comes after ten seconds of it.
      if (lastSent.current === null) lastSent.current = { at: clock.current(), position: -1 };
      else if (clock.current() - lastSent.current.at >= REPORT_EVERY_MS) send(seconds, duration);
    },
    [send],
  );

  const onPause = useCallback(
    (seconds: number, duration: number) => {
      latest.current = { position: seconds, duration };
      if (unsent(latest.current, lastSent.current)) send(seconds, duration);
    },
    [send],
  );

  const onEnded = useCallback(
    (duration: number) => {
      latest.current = { position: duration, duration };
      send(duration, duration);
    },
    [send],
  );

  // Closing the player (or switching video) keeps the last position too.
  useEffect(
    () => () => {
      const current = unsent(latest.current, lastSent.current);
      if (current) send(current.position, current.duration);
    },
    [send],
  );

  return useMemo(() => ({ onProgress, onPause, onEnded }), [onProgress, onPause, onEnded]);
}
