// How long a member has watched each camera in this tab: only while frames actually play (the LivePlayer's
// `playing` to `pause`/`waiting`/`emptied`), not the time the page was open. product §2 camera-feedback needs 60 s.

const since = new Map<string, number>();
const watched = new Map<string, number>();

/** Frames started playing. */
export function watchStarted(name: string): void {
  if (!since.has(name)) since.set(name, Date.now());
}

/** Frames stopped (paused, buffering, the stream gone). */
export function watchStopped(name: string): void {
  const start = since.get(name);
  if (start === undefined) return;
  since.delete(name);
  watched.set(name, (watched.get(name) ?? 0) + Math.max(0, Date.now() - start));
}

export function watchedMs(name: string): number {
  const start = since.get(name);
  return (watched.get(name) ?? 0) + (start === undefined ? 0 : Math.max(0, Date.now() - start));
}

/** The time watched so far, starting the count again from zero (one feedback question per stretch of watching). */
export function takeWatchedMs(name: string): number {
  const ms = watchedMs(name);
  watched.delete(name);
  if (since.has(name)) since.set(name, Date.now());
  return ms;
}

/** For tests. */
export function resetWatchTime(): void {
  since.clear();
  watched.clear();
}
