import { useEffect, useState } from 'react';

/**
 * The server's time now (unix seconds), ticking every second: the room's answer says its `now`, and countdowns run on
 * that plus the time passed here since, so a device clock that is off does not open or end the room early.
 */
export function useServerClock(serverNow: number | null, receivedAtMs: number): number {
  const offsetMs = serverNow === null ? 0 : serverNow * 1000 - receivedAtMs;
  const [now, setNow] = useState(() => Math.floor((Date.now() + offsetMs) / 1000));
  useEffect(() => {
    const tick = () => setNow(Math.floor((Date.now() + offsetMs) / 1000));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [offsetMs]);
  return now;
}

/** `h:mm:ss` or `m:ss` of a number of seconds (never below zero). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}
