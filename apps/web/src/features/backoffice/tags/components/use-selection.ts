import { useCallback, useRef, useState } from 'react';

/**
 * The selected videos, kept across pages and searches (a retagger gathers videos from several), with the anchor of a
 * range: a shift-click or Shift+X sets every video between the last one toggled and this one to this one's new state,
 * as mail clients do.
 */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const anchor = useRef<number | null>(null);

  const toggle = useCallback((id: number, range: boolean, pageIds: readonly number[]) => {
    // Read now: the updater runs later, after the anchor has moved to this video.
    const from = anchor.current === null ? -1 : pageIds.indexOf(anchor.current);
    const to = pageIds.indexOf(id);
    const ids = range && from >= 0 && to >= 0 ? pageIds.slice(Math.min(from, to), Math.max(from, to) + 1) : [id];
    setSelected((current) => {
      const next = new Set(current);
      const on = !current.has(id);
      for (const one of ids) {
        if (on) next.add(one);
        else next.delete(one);
      }
      return next;
    });
    anchor.current = id;
  }, []);

  /** Every video of the page selected; when they all were, none of them. */
  const togglePage = useCallback((pageIds: readonly number[]) => {
    setSelected((current) => {
      const next = new Set(current);
      const all = pageIds.length > 0 && pageIds.every((id) => current.has(id));
      for (const id of pageIds) {
        if (all) next.delete(id);
        else next.add(id);
      }
      return next;
    });
  }, []);

  const clear = useCallback(() => {
    anchor.current = null;
    setSelected(new Set());
  }, []);

  return { selected, toggle, togglePage, clear };
}
