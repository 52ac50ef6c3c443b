import { decidePopup, isEngagedForTipOffer, isTipOfferDue } from '@velora/shared';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { openSitePopup, usePopupMoment } from '@/components/popups/popup-moment';
import { isApiError } from '@/lib/http';
import { reportError } from '@/lib/report-error';
import { getOfferedModel } from './api/get-offered-model';
import { getTipOffer } from './api/get-tip-offer';
import type { ModelTipOfferData } from './popup-props';
import { engagementThisSession, notePageView } from './tip-offer-engagement';

const ASKED_KEY = 'velora:tip-offer-asked';
/** While a video plays, engagement is read again this often, so the offer is ready (and held) when it pauses. */
const WATCHING_RECHECK_MS = 5000;
const OFFERED_KEY = 'velora:tip-offer-shown-at';

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

/** When this member last saw the offer in this browser (ms), kept across sessions. */
function lastOfferedAt(userId: number): number | null {
  try {
    const value = Number(localStorage.getItem(`${OFFERED_KEY}:${userId}`));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function rememberOffered(userId: number, at: number): void {
  try {
    localStorage.setItem(`${OFFERED_KEY}:${userId}`, String(at));
  } catch {
    // Storage disabled: the server's own interval still holds.
  }
}

/**
 * The model tip offer (decision 046): asked of GET /feature/model_tip_offer once per browser session, only after real
 * engagement (TIP_OFFER_ENGAGEMENT: video watched, her profile or camera opened, pages viewed) and at most once in
 * TIP_OFFER_INTERVAL_MS per member; the offer names the model (her name and picture) and opens through the popup
 * gate, so never over a playing video, a form being filled in or another popup. `enabled` false asks nothing.
 */
export function useTipOfferTrigger({ userId, enabled }: { userId: number; enabled: boolean }): void {
  const { pathname } = useLocation();
  const moment = usePopupMoment();
  const [offer, setOffer] = useState<ModelTipOfferData | null>(null);
  const [pageCounted, setPageCounted] = useState<string | null>(null);
  const [, setWatchTick] = useState(0);

  useEffect(() => {
    notePageView(pathname);
    setPageCounted(pathname);
  }, [pathname]);

  useEffect(() => {
    if (!moment.videoPlaying || !enabled) return undefined;
    const timer = setInterval(() => setWatchTick((tick) => tick + 1), WATCHING_RECHECK_MS);
    return () => clearInterval(timer);
  }, [moment.videoPlaying, enabled]);

  // Read on every change of the moment or the page, and every few seconds of watching.
  const ready =
    enabled && pageCounted === pathname && isTipOfferDue(lastOfferedAt(userId), Date.now()) && isEngagedForTipOffer(engagementThisSession());

  useEffect(() => {
    if (!ready || askedThisSession(userId)) return;
    rememberAsked(userId);
    // No cancelling on unmount: the session's one question would be lost (StrictMode remounts at once).
    getTipOffer()
      .then(async ({ offer: answer }) => {
        if (!answer) return;
        const model = await getOfferedModel(answer.model_id);
        setOffer({ ...answer, model_name: model.name_en, model_image: model.image_square });
      })
      .catch((error: unknown) => {
        if (!isApiError(error)) reportError(error, { during: 'model tip offer' });
      });
  }, [ready, userId]);

  const decision = decidePopup('model-tip-offer', moment);
  useEffect(() => {
    if (!offer || !enabled || decision !== 'open') return undefined;
    // After the navigation's close-all (product §2), like the other popups the site opens by itself.
    const timer = setTimeout(() => {
      const outcome = openSitePopup('model-tip-offer', { ...offer });
      if (outcome === 'wait') return;
      if (outcome === 'open') rememberOffered(userId, Date.now());
      setOffer(null);
    }, 0);
    return () => clearTimeout(timer);
  }, [offer, enabled, decision, userId]);
}

/** For tests: a new browser session (and, with `forgetShown`, a member who never saw the offer). */
export function resetTipOfferTrigger({ forgetShown = true }: { forgetShown?: boolean } = {}): void {
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(ASKED_KEY)) sessionStorage.removeItem(key);
    if (forgetShown) for (const key of Object.keys(localStorage)) if (key.startsWith(OFFERED_KEY)) localStorage.removeItem(key);
  } catch {
    // Nothing stored.
  }
}
