// Whether a video is playing anywhere on the page, and how long videos played in this browser session: known from
// the media elements' own 'play' / 'pause' / 'ended' events, heard once at the document (they do not bubble, so in
// the capture phase). No player has to report anything; a decorative clip opts out with data-media-activity="ignore".

const WATCHED_KEY = 'velora:watched-ms';
const MEDIA_EVENTS = ['play', 'playing', 'pause', 'ended', 'emptied', 'abort', 'error'] as const;

const playing = new Set<HTMLMediaElement>();
const listeners = new Set<() => void>();
let installedOn: Document | null = null;
/** Watched time of earlier page loads of this session plus the closed stretches of this one. */
let watchedMs: number | null = null;
/** When the current stretch of playing began (performance.now), or null while nothing plays. */
let playingSince: number | null = null;

function storedWatchedMs(): number {
  try {
    const value = Number(sessionStorage.getItem(WATCHED_KEY));
    return Number.isFinite(value) && value > 0 ? value : 0;
  } catch {
    return 0;
  }
}

function persistWatchedMs(value: number): void {
  try {
    sessionStorage.setItem(WATCHED_KEY, String(Math.round(value)));
  } catch {
    // Storage disabled: engagement is counted for this page load only.
  }
}

const counts = (element: HTMLMediaElement) => element.isConnected && !element.paused && !element.ended && element.dataset.mediaActivity !== 'ignore';

/** Drops elements that stopped without telling (removed from the page), and closes or opens the watched stretch. */
function settle(): boolean {
  for (const element of playing) if (!counts(element)) playing.delete(element);
  const now = performance.now();
  if (playing.size > 0 && playingSince === null) playingSince = now;
  if (playing.size === 0 && playingSince !== null) {
    watchedMs = (watchedMs ?? storedWatchedMs()) + (now - playingSince);
    playingSince = null;
    persistWatchedMs(watchedMs);
  }
  return playing.size > 0;
}

function onMediaEvent(event: Event): void {
  const target = event.target;
  if (!(target instanceof HTMLVideoElement)) return;
  if (event.type === 'play' || event.type === 'playing') playing.add(target);
  else playing.delete(target);
  const wasPlaying = playingSince !== null;
  const isPlaying = settle();
  if (wasPlaying !== isPlaying) for (const listener of listeners) listener();
}

/** Starts listening on the document (once; later calls do nothing). Called by the getters below. */
export function installMediaActivity(doc: Document = document): void {
  if (installedOn === doc) return;
  uninstallMediaActivity();
  installedOn = doc;
  for (const type of MEDIA_EVENTS) doc.addEventListener(type, onMediaEvent, true);
  // Videos already playing before we listened (none in practice: the app installs this at start).
  for (const video of doc.querySelectorAll('video')) if (counts(video)) playing.add(video);
  settle();
}

function uninstallMediaActivity(): void {
  if (!installedOn) return;
  for (const type of MEDIA_EVENTS) installedOn.removeEventListener(type, onMediaEvent, true);
  installedOn = null;
}

function ensureInstalled(): void {
  if (installedOn === null && typeof document !== 'undefined') installMediaActivity(document);
}

/** True while a video on the page plays (buffering included; paused and ended do not count). */
export function isVideoPlaying(): boolean {
  ensureInstalled();
  return settle();
}

/** Seconds videos played in this browser session (tab), across page loads; paused time does not count. */
export function watchedSecondsThisSession(): number {
  ensureInstalled();
  settle();
  const closed = watchedMs ?? storedWatchedMs();
  const open = playingSince === null ? 0 : performance.now() - playingSince;
  return Math.floor((closed + open) / 1000);
}

/** Told when a video starts or stops playing. */
export function subscribeMediaActivity(listener: () => void): () => void {
  ensureInstalled();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For tests: a new page load in a new session. */
export function resetMediaActivity(): void {
  uninstallMediaActivity();
  playing.clear();
  watchedMs = null;
  playingSince = null;
  try {
    sessionStorage.removeItem(WATCHED_KEY);
  } catch {
    // Nothing stored.
  }
}
