import type { PopupDecision, PopupMoment, PopupType } from '@velora/shared';
import { decidePopup } from '@velora/shared';
import { useSyncExternalStore } from 'react';
import { isFormInProgress, subscribeFormActivity } from '@/lib/form-activity';
import { isVideoPlaying, subscribeMediaActivity } from '@/lib/media-activity';
import type { PopupData } from './popup-store';
import { getPopupStates, showPopup, subscribePopups } from './popup-store';

// The moment a popup would open into (a video playing, a form being filled in, another popup up) and the one gate
// every popup the site opens by itself goes through: the rules are POPUP_RULES of @velora/shared (decision 046).

/** While busy, checked this often too: a playing video or an edited form may leave the page without an event. */
const BUSY_RECHECK_MS = 1000;

export function getPopupMoment(): PopupMoment {
  return {
    videoPlaying: isVideoPlaying(),
    formInProgress: isFormInProgress(),
    otherPopupOpen: Object.values(getPopupStates()).some((state) => state?.show),
  };
}

let snapshot: PopupMoment = { videoPlaying: false, formInProgress: false, otherPopupOpen: false };
function readSnapshot(): PopupMoment {
  const next = getPopupMoment();
  if (next.videoPlaying !== snapshot.videoPlaying || next.formInProgress !== snapshot.formInProgress || next.otherPopupOpen !== snapshot.otherPopupOpen) {
    snapshot = next;
  }
  return snapshot;
}

function subscribe(listener: () => void): () => void {
  const unsubscribe = [subscribeMediaActivity(listener), subscribeFormActivity(listener), subscribePopups(listener)];
  const timer = setInterval(() => {
    if (snapshot.videoPlaying || snapshot.formInProgress) listener();
  }, BUSY_RECHECK_MS);
  return () => {
    clearInterval(timer);
    for (const stop of unsubscribe) stop();
  };
}

const serverSnapshot = (): PopupMoment => snapshot;

/** The moment, re-rendering when it changes. */
export function usePopupMoment(): PopupMoment {
  return useSyncExternalStore(subscribe, readSnapshot, serverSnapshot);
}

/** Whether the site may open `type` by itself now: open, wait (the trigger keeps it and asks again) or drop. */
export function usePopupDecision(type: PopupType): PopupDecision {
  return decidePopup(type, usePopupMoment());
}

/**
 * Opens a popup the site decided on by itself, if the moment allows it now; returns the decision, so the trigger
 * keeps a popup that must wait and forgets one that is dropped. A person's own click opens with showPopup directly.
 */
export function openSitePopup(type: PopupType, data: PopupData = {}): PopupDecision {
  const decision = decidePopup(type, getPopupMoment());
  if (decision === 'open') showPopup(type, data);
  return decision;
}
