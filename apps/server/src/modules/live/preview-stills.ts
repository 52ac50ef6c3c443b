// Preview stills of live rooms (decision record 034): a 640x360 JPEG, rewritten every few seconds by the room's tap
// reader (hls-tap-reader.ts). Pillarboxed, never cropped: a phone held upright stays whole.

export const PREVIEW_WIDTH = 640;
export const PREVIEW_HEIGHT = 360;
export const PREVIEW_EVERY_SECONDS = 5;

/** Keeps one frame every `seconds` (the first at once) and fits it into 640x360. */
export function previewSelectFilter(seconds: number): string {
  return [
    `select='isnan(prev_selected_t)+gte(t-prev_selected_t\\,${seconds})'`,
    `scale=${PREVIEW_WIDTH}:${PREVIEW_HEIGHT}:force_original_aspect_ratio=decrease`,
    `pad=${PREVIEW_WIDTH}:${PREVIEW_HEIGHT}:(ow-iw)/2:(oh-ih)/2`,
    'setsar=1',
  ].join(',');
}

/** One JPEG file, replaced atomically (a reader never sees half of it), at a modest quality (~30 kB). */
export function previewOutputArgs(file: string): string[] {
  return ['-fps_mode', 'vfr', '-an', '-c:v', 'mjpeg', '-q:v', '5', '-f', 'image2', '-update', '1', '-atomic_writing', '1', file];
}
