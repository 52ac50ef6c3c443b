// Which rendition playback starts with (decision record 053). Both the player and the prefetch of a card ask this,
// so the variant playlist fetched ahead is the one the player then wants. The first segment is what the picture
// waits for: start with the best rendition whose first segment arrives quickly at the estimated bandwidth, and no
// taller than the player shows; the player's adaptive logic climbs from there once segments measure the network.

export interface RenditionInfo {
  height: number;
  /** Peak bits per second (the master playlist's BANDWIDTH). */
  bitrate: number;
}

/** Seconds of media in a segment as the transcoder writes them (lib/ffmpeg.ts, `segmentSeconds`). */
export const SEGMENT_SECONDS = 4;
/** The first segment should arrive within this at the estimated bandwidth. */
export const FIRST_SEGMENT_BUDGET_SECONDS = 0.3;

/**
 * The index (in `renditions`, ordered from the shortest picture up, as hls.js orders its levels) to start with:
 * the tallest one whose first segment fits the time budget at `bandwidth` (bits per second), going no further than
 * the first one at least as tall as the player (`playerHeight`, device pixels). The first when none fits or the
 * bandwidth is unknown (0).
 */
export function startRenditionIndex(renditions: readonly RenditionInfo[], bandwidth: number, playerHeight: number): number {
  let chosen = 0;
  for (let i = 1; i < renditions.length; i++) {
    const previous = renditions[i - 1]!;
    const rendition = renditions[i]!;
    // The previous one already fills the player: more pixels would not show.
    if (previous.height >= playerHeight) break;
    const seconds = bandwidth > 0 ? (rendition.bitrate * SEGMENT_SECONDS) / bandwidth : Infinity;
    if (seconds > FIRST_SEGMENT_BUDGET_SECONDS) break;
    chosen = i;
  }
  return chosen;
}

export interface Variant extends RenditionInfo {
  /** Absolute URL of its media playlist. */
  url: string;
}

/** The variants of a master playlist, shortest picture first (hls.js's order of levels). */
export function variantsOfMaster(text: string, baseUrl: string): Variant[] {
  const variants: Variant[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.startsWith('#EXT-X-STREAM-INF:')) continue;
    const uri = lines.slice(i + 1).find((l) => l.trim() !== '' && !l.startsWith('#'));
    if (!uri) continue;
    const bitrate = Number(/[:,]BANDWIDTH=(\d+)/.exec(line)?.[1] ?? 0);
    const height = Number(/[:,]RESOLUTION=\d+x(\d+)/.exec(line)?.[1] ?? 0);
    variants.push({ url: new URL(uri.trim(), baseUrl).href, bitrate, height });
  }
  return variants.sort((a, b) => a.height - b.height || a.bitrate - b.bitrate);
}

let measured: number | null = null;

/** Keeps the player's own estimate (bits per second) for the next video of the visit. */
export function rememberBandwidth(bitsPerSecond: unknown): void {
  if (typeof bitsPerSecond === 'number' && Number.isFinite(bitsPerSecond) && bitsPerSecond > 0) measured = bitsPerSecond;
}

const connection = () => (navigator as Navigator & { connection?: { downlink?: number; saveData?: boolean } }).connection;

/** Bits per second: what the last video measured, else what the browser says (Network Information API), else 0. */
export function bandwidthEstimate(): number {
  if (measured !== null) return measured;
  const info = connection();
  if (info?.saveData) return 0;
  return info?.downlink ? info.downlink * 1_000_000 : 0;
}

/** The browser asks to save data (Network Information API `saveData`): nothing is loaded on speculation. */
export function savesData(): boolean {
  return connection()?.saveData === true;
}

/** The picture height (device pixels) of the theater player for this window: theater.css's sizes. */
export function theaterPlayerHeight(win: Pick<Window, 'innerWidth' | 'innerHeight' | 'devicePixelRatio'> = window): number {
  const cssHeight = Math.min((Math.min(1280, win.innerWidth) * 9) / 16, win.innerHeight * 0.72);
  return Math.round(cssHeight * (win.devicePixelRatio || 1));
}

/** For tests. */
export function forgetBandwidth(): void {
  measured = null;
}
