import type { RefObject } from 'react';
import { useCallback, useEffect, useRef } from 'react';
import { prefetchPlayback } from '@/entities/video-player/playback-prefetch';

/** A card this long in view counts as seen (scrolling past does not). */
const IN_VIEW_MS = 800;
/** Pointed at or focused this long counts as aiming (a pointer crossing the grid, or Tab passing by, does not). */
const AIM_MS = 80;

export interface PlayPrefetch<T extends HTMLElement> {
  /** The element whose time in view counts. */
  ref: RefObject<T | null>;
  /** For the play link: pointed at, focused or touched, its video is prepared at once. */
  handlers: { onPointerEnter: () => void; onPointerLeave: () => void; onFocus: () => void; onBlur: () => void; onPointerDown: () => void };
}

/**
 * Prepares a video's playback before the press on play (decision record 053): when its card has been in view a
 * moment, when its play link is pointed at or focused for a moment, and at once when it is pressed or touched. `now`: prepare it at once (a video
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

  const aim = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(aim.current), []);
  const pressed = useCallback(() => {
    clearTimeout(aim.current);
    prefetchPlayback(videoId, 'intent');
  }, [videoId]);
  const soon = useCallback(() => {
    clearTimeout(aim.current);
    aim.current = setTimeout(() => prefetchPlayback(videoId, 'intent'), AIM_MS);
  }, [videoId]);
  const cancel = useCallback(() => clearTimeout(aim.current), []);
  return { ref, handlers: { onPointerEnter: soon, onPointerLeave: cancel, onFocus: soon, onBlur: cancel, onPointerDown: pressed } };
}
