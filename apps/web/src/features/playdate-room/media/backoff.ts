/** Waits before the next (re)connection try: 1 s, 2 s, 4 s, 8 s, then every 15 s while the room is live. */
export const RECONNECT_DELAYS_MS = [1000, 2000, 4000, 8000, 15000] as const;

export function reconnectDelay(attempt: number): number {
  return RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]!;
}

/** A `disconnected` connection this long is given up and made again (ICE often recovers a moment's loss by itself). */
export const DISCONNECTED_WAIT_MS = 3000;

/** Resolves after `ms`, or at once when the signal aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

/**
 * Watches a peer connection until it fails (or stays disconnected too long): resolves then, or when the signal
 * aborts. `onConnected` is called each time it (re)connects.
 */
export function untilLost(pc: RTCPeerConnection, signal: AbortSignal, onConnected: () => void): Promise<void> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = () => {
      clearTimeout(timer);
      pc.removeEventListener('connectionstatechange', onState);
      signal.removeEventListener('abort', finish);
      resolve();
    };
    function onState() {
      clearTimeout(timer);
      if (pc.connectionState === 'connected') onConnected();
      else if (pc.connectionState === 'failed' || pc.connectionState === 'closed') finish();
      else if (pc.connectionState === 'disconnected') timer = setTimeout(finish, DISCONNECTED_WAIT_MS);
    }
    pc.addEventListener('connectionstatechange', onState);
    signal.addEventListener('abort', finish);
    if (signal.aborted) finish();
    else onState();
  });
}
