import type { KeyboardEvent, RefObject } from 'react';
import { useEffect } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Focus for the blocking layers (age gate, law restriction). On open, focus moves in, unless a
 * modal dialog already holds it (the log-in dialog may sit above). The layers do not steal focus
 * back later: Tab stays inside once there, so keyboard users are kept in without a fight with other
 * dialogs.
 */
export function useLayerFocus(panel: RefObject<HTMLElement | null>, initial: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.closest('[role="dialog"][aria-modal="true"], [role="dialog"][data-state="open"]')) return;
    (initial.current ?? panel.current)?.focus({ preventScroll: true });
  }, [panel, initial]);
}

/** While a blocking layer is up the page under it does not scroll. */
export function useScrollLock(): void {
  useEffect(() => {
    const root = document.documentElement;
    const count = Number(root.dataset.blockingLayers ?? '0') + 1;
    root.dataset.blockingLayers = String(count);
    return () => {
      const left = Number(root.dataset.blockingLayers ?? '1') - 1;
      if (left > 0) root.dataset.blockingLayers = String(left);
      else delete root.dataset.blockingLayers;
    };
  }, []);
}

export function trapTab(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Tab') return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
