// A wall clock painted into video frames as blocks a program reads back (decision record 034): the latency bench
// paints it where a stream starts and reads it where the stream comes out. ffmpeg paints the time the frame passes
// its filter (RTCTIME), so encoding, packaging and delivery all count.

/** 32 blocks: the low 32 bits of the Unix time in milliseconds (it wraps every 49 days; the reader unwraps). */
export const CLOCK_BITS = 32;
export const CLOCK_BLOCK = 40;
export const CLOCK_STRIP_WIDTH = CLOCK_BITS * CLOCK_BLOCK;

/**
 * A filter chain painting the clock strip (1280x40 at the top left) into a frame of any size at least 1280 wide.
 * It sets each frame's timestamp to the wall clock to paint it, then gives back regular timestamps at `fps`.
 */
export function clockBlocksFilter(fps: number): string {
  const boxes = [`drawbox=x=0:y=0:w=${CLOCK_STRIP_WIDTH}:h=${CLOCK_BLOCK}:color=black:t=fill`];
  for (let i = 0; i < CLOCK_BITS; i++) {
    const weight = 2 ** (CLOCK_BITS - 1 - i);
    boxes.push(`drawbox=x=${i * CLOCK_BLOCK}:y=0:w=${CLOCK_BLOCK}:h=${CLOCK_BLOCK}:color=white:t=fill:enable='mod(floor(t*1000/${weight}),2)'`);
  }
  // t is seconds since 1970 while painting: RTCTIME is microseconds, AVTB their time base.
  return ['settb=AVTB', 'setpts=RTCTIME', ...boxes, `settb=1/${fps}`, 'setpts=N'].join(',');
}

/**
 * Reads the painted time from a grey (one byte per pixel) picture of the strip, `width` pixels wide (at least
 * CLOCK_STRIP_WIDTH) and CLOCK_BLOCK high. `nowMs` unwraps the 32 bits. Null when the strip is not there.
 */
export function readClockBlocks(gray: Buffer, width: number, nowMs: number): number | null {
  let low = 0;
  const y = CLOCK_BLOCK >> 1;
  for (let i = 0; i < CLOCK_BITS; i++) {
    const v = gray[y * width + i * CLOCK_BLOCK + (CLOCK_BLOCK >> 1)];
    if (v === undefined) return null;
    // Codecs blur edges, never the centre of a 40-pixel block: anything but clear black or white means no strip.
    if (v > 64 && v < 192) return null;
    low = low * 2 + (v >= 128 ? 1 : 0);
  }
  const span = 2 ** CLOCK_BITS;
  let t = nowMs - (nowMs % span) + low;
  if (t > nowMs + span / 2) t -= span;
  return t;
}
