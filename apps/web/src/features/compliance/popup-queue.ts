import type { PopupType } from '@velora/shared';

// Popups decided during a navigation (a skipped law-limited route, a return from the age-verification
// provider) must outlive it: every navigation closes all popups (product §2). They wait here until the
// navigation has settled, then the app shows them.

let queued: PopupType[] = [];

export function queuePopup(type: PopupType): void {
  if (!queued.includes(type)) queued = [...queued, type];
}

/** The queued popups, oldest first; the queue is empty afterwards. */
export function takeQueuedPopups(): PopupType[] {
  const taken = queued;
  queued = [];
  return taken;
}
