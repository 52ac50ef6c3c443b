import type { TransactionalPopup } from '@velora/shared';
import { useEffect, useState } from 'react';
import { openSitePopup, usePopupDecision } from '@/components/popups/popup-moment';
import { isApiError, requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { reportError } from '@/lib/report-error';

/**
 * GET /messages/transactional/popup: the newest site message meant as a popup that was not shown yet. The
 * server marks it shown by answering, so it is asked once per page load, not cached as a query.
 */
export function getTransactionalPopup(): Promise<TransactionalPopup> {
  return requireData(call('messages.popup'));
}

export type TransactionalMessage = NonNullable<TransactionalPopup['message']>;
/** What the 'transactional' popup reads from the popup store. */
export interface TransactionalPopupData {
  message: TransactionalMessage;
}

/** The users asked during this page load (per user: a log-out and another log-in ask again). */
const askedFor = new Set<number>();

/** For tests: a new page load. */
export function resetTransactionalPopupTrigger(): void {
  askedFor.clear();
}

/**
 * Asks once per page load whether a transactional message waits and shows it in the 'transactional' popup through
 * the popup gate (decision 046): once no other popup is up, no video plays and no form is being filled in. It was
 * marked shown by the answer, so it waits rather than being dropped.
 */
export function useTransactionalPopupTrigger(userId: number | null): void {
  const [waiting, setWaiting] = useState<TransactionalMessage | null>(null);
  const decision = usePopupDecision('transactional');

  useEffect(() => {
    if (userId === null || askedFor.has(userId)) return;
    askedFor.add(userId);
    // No cancelling on unmount: the answer is the only copy of the message (StrictMode remounts at once).
    getTransactionalPopup().then(
      ({ message }) => {
        if (message) setWaiting(message);
      },
      (error: unknown) => {
        if (!isApiError(error)) reportError(error, { during: 'transactional popup' });
      },
    );
  }, [userId]);

  useEffect(() => {
    if (!waiting || decision !== 'open') return;
    // After the navigation's close-all (product §2) has run, like the other popups opened at start.
    const timer = setTimeout(() => {
      const data: TransactionalPopupData = { message: waiting };
      if (openSitePopup('transactional', { ...data }) !== 'wait') setWaiting(null);
    }, 0);
    return () => clearTimeout(timer);
  }, [waiting, decision]);
}
