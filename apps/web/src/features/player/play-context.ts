import { videoIdOfHash } from '@/entities/video-player/play-hash';

// The list a video was opened from (a grid of cards, a rail, the similar videos): autoplay goes on with the
// video after it. Read from the page itself when a play link is used, so no list has to register.

let context: readonly number[] = [];

/** The video ids of the play links (`#play-{id}`) in a list, in their order on the page. */
function playIdsIn(list: Element): number[] {
  const ids: number[] = [];
  for (const link of list.querySelectorAll<HTMLAnchorElement>('a[href*="#play-"]')) {
    const id = videoIdOfHash(new URL(link.href, window.location.href).hash);
    if (id !== null && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** Remembers the list around a play link that was just used (by mouse, touch or keyboard: all send a click). */
export function rememberPlayContextOf(target: EventTarget | null): void {
  if (!(target instanceof Element)) return;
  const link = target.closest('a[href*="#play-"]');
  if (!link) return;
  const list = link.closest('ul, ol');
  context = list ? playIdsIn(list) : [];
}

/** The videos after `videoId` in the list it was opened from; empty when it was not opened from one. */
export function videosAfterInPlayContext(videoId: number): number[] {
  const index = context.indexOf(videoId);
  return index === -1 ? [] : context.slice(index + 1);
}

/** For tests. */
export function setPlayContext(ids: readonly number[]): void {
  context = [...ids];
}
