// Where a video starts for a member who watched part of it (product §3): the player and the prefetch of a card
// (playback-prefetcher.ts, which fetches the first segment the player will ask for) both ask this.

/** Close to the end, a film starts over instead of resuming. */
const RESUME_UNTIL_END_S = 10;
const MIN_RESUME_S = 5;

export function resumePosition(position: number | undefined, duration: number): number {
  if (!position || position < MIN_RESUME_S) return 0;
  if (duration > 0 && position > duration - RESUME_UNTIL_END_S) return 0;
  return position;
}
