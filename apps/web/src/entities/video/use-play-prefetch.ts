import type { RefObject } from 'react';
import { useCallback, useEffect, useRef } from 'react';
import { prefetchPlayback } from '@/entities/video-player/playback-prefetch';

/** A card this long in view counts as seen (scrolling past does not). */
const IN_VIEW_MS = 800;

export interface PlayPrefetch<T extends HTMLElement> {
  /** The element whose time in view counts. */
  ref: RefObject<T | null>;
  /** For the play link: pointed at, focused or touched, its video is prepared at once. */
  handlers: { onPointerEnter: () => void; onFocus: () => void; onPointerDown: () => void };
}

/**
 * Prepares a video's playback before the press on play (decision record 053): when its card has been in view a
 * moment, and at once when its play link is pointed at, focused or touched. `now`: prepare it at once (a video
 * selected on its page). What preparing means is the player's business (playback-prefetch.ts).
 */
export function usePlayPrefetch<T extends HTMLElement>(videoId: number, now = false): PlayPrefetch<T> {
  const ref = useRef<T>(null);

  useEffect(() => {
    if (now) prefetchPlayback(videoId, 'intent');
  }, [videoId, now]);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      ([entry]) => {
        clearTimeout(timer);
        if (!entry?.isIntersecting) return;
        timer = setTimeout(() => {
          observer.disconnect();
          prefetchPlayback(videoId, 'view');
        }, IN_VIEW_MS);
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [videoId]);

  const intent = useCallback(() => prefetchPlayback(videoId, 'intent'), [videoId]);
  return { ref, handlers: { onPointerEnter: intent, onFocus: intent, onPointerDown: intent } };
}
