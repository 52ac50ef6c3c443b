// Work done before the press on play (decision record 053). A card says a video may be played soon (hovered,
// focused, touched, or a while in view); the player feature says what to prepare then (the video's detail, its
// playlists, its code) and registers that here, so a card imports neither the player nor hls.js. Playlists and the
// first segment fetched ahead (decision record 057) wait here, by URL, for the player's loaders, which take them
// instead of asking the server again.

/** `view`: the card has been in view a moment; `intent`: pointed at, focused or touched. */
export type PlayIntent = 'view' | 'intent';
export type PlaybackPrefetcher = (videoId: number, intent: PlayIntent) => void;

let prefetcher: PlaybackPrefetcher | null = null;

/** Registers what preparing a video means (the player feature does, once, at the root); returns the undo. */
export function registerPlaybackPrefetcher(next: PlaybackPrefetcher): () => void {
  prefetcher = next;
  return () => {
    if (prefetcher === next) prefetcher = null;
  };
}

/** Prepares the playback of a video that may be played soon; nothing when no player is registered. */
export function prefetchPlayback(videoId: number, intent: PlayIntent): void {
  prefetcher?.(videoId, intent);
}

/** A text fetched ahead, with its timing (performance.now()) for the loader's statistics. */
export interface PrefetchedText {
  url: string;
  text: string;
  requestStart: number;
  firstByte: number;
  loaded: number;
}

/** Well inside the 5 minutes a signed playlist URL stays the same and may be cached (media-signing.ts). */
const KEEP_MS = 4 * 60_000;
const MAX_KEPT = 32;
const kept = new Map<string, { at: number; result: Promise<PrefetchedText | null> }>();

/** Absolute, as hls.js asks for it (the API hands out `/media/…` paths). */
const absolute = (url: string) => new URL(url, window.location.href).href;

/** Fetches a text (a playlist) once and keeps it a few minutes; null when it failed (the player asks itself). */
export function prefetchText(given: string): Promise<PrefetchedText | null> {
  const url = absolute(given);
  const fresh = prefetchedText(url);
  if (fresh) return fresh;
  const requestStart = performance.now();
  const result = fetch(url, { credentials: 'same-origin' })
    .then(async (response) => {
      if (!response.ok) return null;
      const firstByte = performance.now();
      const text = await response.text();
      return { url: response.url || url, text, requestStart, firstByte, loaded: performance.now() };
    })
    .catch(() => null);
  kept.delete(url);
  kept.set(url, { at: requestStart, result });
  void result.then((done) => {
    if (!done && kept.get(url)?.result === result) kept.delete(url);
  });
  // The oldest go first (a Map keeps insertion order).
  for (const key of kept.keys()) {
    if (kept.size <= MAX_KEPT) break;
    kept.delete(key);
  }
  return result;
}

/** The text fetched ahead for this URL (maybe still on its way), or null. */
export function prefetchedText(given: string): Promise<PrefetchedText | null> | null {
  const url = absolute(given);
  const hit = kept.get(url);
  if (!hit) return null;
  if (performance.now() - hit.at < KEEP_MS) return hit.result;
  kept.delete(url);
  return null;
}

/** A segment fetched ahead, with its timing (performance.now()) for the loader's statistics. */
export interface PrefetchedBytes {
  url: string;
  data: ArrayBuffer;
  requestStart: number;
  firstByte: number;
  loaded: number;
}

/** Segments are a few hundred kilobytes each: only the last few cards pointed at keep theirs. */
const MAX_SEGMENTS = 3;
const segments = new Map<string, { at: number; result: Promise<PrefetchedBytes | null> }>();
/** Segments the player took, by when: the press on play is an intent too, and must not fetch it a second time. */
const taken = new Map<string, number>();

/**
 * Fetches a segment once and keeps it a few minutes for the player (which takes it: hls.js hands the bytes to its
 * transmuxing worker, so they can be used once); null when it failed (the player asks itself).
 */
export function prefetchBytes(given: string): Promise<PrefetchedBytes | null> {
  const url = absolute(given);
  const held = segments.get(url);
  if (held && performance.now() - held.at < KEEP_MS) return held.result;
  const takenAt = taken.get(url);
  if (takenAt !== undefined && performance.now() - takenAt < KEEP_MS) return Promise.resolve(null);
  const requestStart = performance.now();
  const result = fetch(url, { credentials: 'same-origin' })
    .then(async (response) => {
      if (!response.ok) return null;
      const firstByte = performance.now();
      const data = await response.arrayBuffer();
      return { url: response.url || url, data, requestStart, firstByte, loaded: performance.now() };
    })
    .catch(() => null);
  segments.delete(url);
  segments.set(url, { at: requestStart, result });
  void result.then((done) => {
    if (!done && segments.get(url)?.result === result) segments.delete(url);
  });
  for (const key of segments.keys()) {
    if (segments.size <= MAX_SEGMENTS) break;
    segments.delete(key);
  }
  return result;
}

/** Takes the segment fetched ahead for this URL (maybe still on its way), or null; a second take finds nothing. */
export function takePrefetchedBytes(given: string): Promise<PrefetchedBytes | null> | null {
  const url = absolute(given);
  const hit = segments.get(url);
  if (!hit) return null;
  segments.delete(url);
  if (performance.now() - hit.at >= KEEP_MS) return null;
  taken.delete(url);
  taken.set(url, performance.now());
  for (const key of taken.keys()) {
    if (taken.size <= MAX_KEPT) break;
    taken.delete(key);
  }
  return hit.result;
}

/** For tests. */
export function forgetPrefetched(): void {
  kept.clear();
  segments.clear();
  taken.clear();
}
