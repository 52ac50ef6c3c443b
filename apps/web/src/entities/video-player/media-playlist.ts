// Reading a VOD media playlist (a rendition's list of segments) enough to know which segment playback starts with:
// the prefetch of a card (decision record 057) fetches that one before the press, and hls.js then asks for it.

/**
 * The absolute URL of the segment that holds `position` (seconds), as hls.js picks it for a start position: the
 * first when the position is 0 or before the first segment ends; null when the playlist lists no segment, or the
 * position is past its end (the player will not start there).
 */
export function segmentAt(text: string, baseUrl: string, position: number): string | null {
  const lines = text.split(/\r?\n/);
  let start = 0;
  let duration: number | null = null;
  for (const raw of lines) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) {
      duration = Number.parseFloat(line.slice('#EXTINF:'.length));
      continue;
    }
    // A byte range would need a ranged request of its own: not fetched ahead.
    if (line.startsWith('#EXT-X-BYTERANGE') || line.startsWith('#EXT-X-MAP')) return null;
    if (line === '' || line.startsWith('#') || duration === null) continue;
    if (!Number.isFinite(duration)) return null;
    if (position < start + duration) return new URL(line, baseUrl).href;
    start += duration;
    duration = null;
  }
  return null;
}
