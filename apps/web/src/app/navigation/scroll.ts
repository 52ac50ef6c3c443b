import { SCROLL_POSITIONS_KEPT, SCROLL_RESTORE_DELAY_MS, SCROLL_TO_TOP_DELAY_MS } from '@velora/shared';
import { useEffect, useRef } from 'react';
import type { Location } from 'react-router';
import { useLocation, useNavigationType } from 'react-router';

export interface ScrollPosition {
  key: string;
  y: number;
}

/** Keeps the last positions (product §9: two), newest last; a key seen again moves to the end. */
export function rememberScrollPosition(list: readonly ScrollPosition[], entry: ScrollPosition, keep = SCROLL_POSITIONS_KEPT): ScrollPosition[] {
  return [...list.filter((p) => p.key !== entry.key), entry].slice(-keep);
}

/** The element a hash anchor points at, if any (hashes like #log_in open dialogs instead). */
function anchorTarget(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

export type ScrollAction = { kind: 'restore'; y: number } | { kind: 'anchor'; hash: string } | { kind: 'top' } | { kind: 'none' };

/** product §2: back/forward restores a remembered position, a hash scrolls to its anchor, anything else to the top. */
export function scrollActionFor(
  previous: Pick<Location, 'pathname' | 'search'> | null,
  next: Pick<Location, 'pathname' | 'search' | 'hash' | 'key'>,
  navigationType: 'POP' | 'PUSH' | 'REPLACE',
  saved: readonly ScrollPosition[],
): ScrollAction {
  const pageChanged = previous === null || previous.pathname !== next.pathname || previous.search !== next.search;
  const remembered = saved.find((p) => p.key === next.key);
  if (previous !== null && navigationType === 'POP' && remembered) return { kind: 'restore', y: remembered.y };
  if (next.hash.length > 1 && anchorTarget(next.hash)) return { kind: 'anchor', hash: next.hash };
  if (previous !== null && pageChanged) return { kind: 'top' };
  return { kind: 'none' };
}

const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function useScrollManagement(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const saved = useRef<ScrollPosition[]>([]);
  const previous = useRef<Location | null>(null);
  const lastY = useRef(0);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const onScroll = () => {
      lastY.current = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => {
    const prev = previous.current;
    previous.current = location;
    if (prev && (prev.pathname !== location.pathname || prev.search !== location.search)) {
      saved.current = rememberScrollPosition(saved.current, { key: prev.key, y: lastY.current });
    }
    const action = scrollActionFor(prev, location, navigationType, saved.current);
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (action.kind === 'restore') {
      timer = setTimeout(() => window.scrollTo({ top: action.y, left: 0 }), SCROLL_RESTORE_DELAY_MS);
    } else if (action.kind === 'anchor') {
      anchorTarget(action.hash)?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    } else if (action.kind === 'top') {
      timer = setTimeout(() => window.scrollTo({ top: 0, left: 0 }), SCROLL_TO_TOP_DELAY_MS);
    }
    return () => clearTimeout(timer);
  }, [location, navigationType]);
}
