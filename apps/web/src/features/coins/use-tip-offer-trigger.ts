import { useEffect, useState } from 'react';
import { getPopupStates, showPopup, usePopupStates } from '@/components/popups/popup-store';
import { isApiError } from '@/lib/http';
import { reportError } from '@/lib/report-error';
import { getTipOffer } from './api/get-tip-offer';
import type { ModelTipOfferData } from './popup-props';

const ASKED_KEY = 'velora:tip-offer-asked';

function askedThisSession(userId: number): boolean {
  try {
    return sessionStorage.getItem(`${ASKED_KEY}:${userId}`) !== null;
  } catch {
    return false;
  }
}

function rememberAsked(userId: number): void {
  try {
    sessionStorage.setItem(`${ASKED_KEY}:${userId}`, '1');
  } catch {
    // Storage disabled: the offer may be asked for once more this session.
  }
}

/**
 * Asks GET /feature/model_tip_offer once per browser session for a logged-in member and shows model-tip-offer when
 * there is an offer and no other popup is up. `enabled` false (another offer this session, law limits) asks nothing.
 */
export function useTipOfferTrigger({ userId, enabled }: { userId: number; enabled: boolean }): void {
  const [offer, setOffer] = useState<ModelTipOfferData | null>(null);
  const otherPopupOpen = Object.values(usePopupStates()).some((state) => state?.show);

  useEffect(() => {
    if (!enabled || askedThisSession(userId)) return;
    rememberAsked(userId);
    // No cancelling on unmount: the session's one question would be lost (StrictMode remounts at once).
    getTipOffer().then(
      (answer) => {
        if (answer.offer) setOffer(answer.offer);
      },
      (error: unknown) => {
        if (!isApiError(error)) reportError(error, { during: 'model tip offer' });
      },
    );
  }, [enabled, userId]);

  useEffect(() => {
    if (!offer || !enabled || otherPopupOpen) return undefined;
    // After the navigation's close-all (SPEC §2), like the other popups opened at the start of a session.
    const timer = setTimeout(() => {
      if (Object.values(getPopupStates()).some((state) => state?.show)) return;
      showPopup('model-tip-offer', { ...offer });
      setOffer(null);
    }, 0);
    return () => clearTimeout(timer);
  }, [offer, enabled, otherPopupOpen]);
}

/** For tests: a new browser session. */
export function resetTipOfferTrigger(): void {
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(ASKED_KEY)) sessionStorage.removeItem(key);
  } catch {
    // Nothing stored.
  }
}
