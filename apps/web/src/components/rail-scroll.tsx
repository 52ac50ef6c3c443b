import type { RefObject } from 'react';
import { useCallback, useEffect, useState } from 'react';

// A horizontal rail (a row of cards that scrolls sideways) and its previous/next buttons: a button is only
// usable where the rail can scroll that way, and both are hidden when nothing overflows. The state follows
// scrolling, resizing of the window, the rail or its cards, and cards being added or removed.

export interface RailEnds {
  /** Something overflows: the rail can scroll at all. */
  overflows: boolean;
  canScrollBack: boolean;
  canScrollOn: boolean;
}

const NONE: RailEnds = { overflows: false, canScrollBack: false, canScrollOn: false };
/** Sub-pixel widths and zoom leave a rail a fraction of a pixel short of its end. */
const SLACK = 2;

export function railEndsOf(rail: Pick<HTMLElement, 'scrollLeft' | 'scrollWidth' | 'clientWidth'>): RailEnds {
  const overflow = rail.scrollWidth - rail.clientWidth;
  if (overflow <= SLACK) return NONE;
  return { overflows: true, canScrollBack: rail.scrollLeft > SLACK, canScrollOn: rail.scrollLeft < overflow - SLACK };
}

const same = (a: RailEnds, b: RailEnds) => a.overflows === b.overflows && a.canScrollBack === b.canScrollBack && a.canScrollOn === b.canScrollOn;

export function useRailEnds(railRef: RefObject<HTMLElement | null>): { ends: RailEnds; scroll: (direction: 1 | -1) => void } {
  const [ends, setEnds] = useState<RailEnds>(NONE);

  useEffect(() => {
    const rail = railRef.current;
    if (!rail) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const next = railEndsOf(rail);
      setEnds((current) => (same(current, next) ? current : next));
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    measure();
    rail.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    const observeCards = () => {
      if (!resizes) return;
      resizes.disconnect();
      resizes.observe(rail);
      for (const card of rail.children) resizes.observe(card);
    };
    observeCards();
    const cards = typeof MutationObserver === 'undefined' ? null : new MutationObserver(() => {
      observeCards();
      schedule();
    });
    cards?.observe(rail, { childList: true });
    return () => {
      if (frame !== 0) cancelAnimationFrame(frame);
      rail.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      resizes?.disconnect();
      cards?.disconnect();
    };
  }, [railRef]);

  const scroll = useCallback(
    (direction: 1 | -1) => {
      const rail = railRef.current;
      rail?.scrollBy?.({ left: direction * rail.clientWidth * 0.9, behavior: 'smooth' });
    },
    [railRef],
  );
  return { ends, scroll };
}

interface RailScrollButtonsProps {
  railRef: RefObject<HTMLElement | null>;
  backLabel: string;
  onLabel: string;
  className?: string;
  buttonClassName?: string;
}

/**
 * The previous/next buttons of a rail. At an end the button stays in place and focusable but says it is
 * unavailable (aria-disabled), so a keyboard user who reached the end keeps their focus.
 */
export function RailScrollButtons({ railRef, backLabel, onLabel, className = 'rail-scrollers', buttonClassName = 'icon-button rail-scroll' }: RailScrollButtonsProps) {
  const { ends, scroll } = useRailEnds(railRef);
  return (
    <div className={className} hidden={!ends.overflows} data-testid="rail-scrollers">
      <button
        type="button"
        className={buttonClassName}
        aria-label={backLabel}
        aria-disabled={!ends.canScrollBack}
        onClick={() => {
          if (ends.canScrollBack) scroll(-1);
        }}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <button
        type="button"
        className={buttonClassName}
        aria-label={onLabel}
        aria-disabled={!ends.canScrollOn}
        onClick={() => {
          if (ends.canScrollOn) scroll(1);
        }}
      >
        <span aria-hidden="true">›</span>
      </button>
    </div>
  );
}
