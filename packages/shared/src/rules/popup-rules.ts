import type { PopupType } from '../constants';

// When each popup of product §2 may open ("Popups that respect the moment"; decision record 046).
// The one place these rules live: the web's popup gate reads them for every popup the site opens by itself.

/**
 * Who opens a popup:
 * - `compliance`: a legal gate that must block whatever the person is doing (age, cookies, law limits).
 * - `person`: the answer to the person's own act (a click; a payment, age check or mailed link they come back from;
 *   a request they just sent; the end of the show or free minutes they were using); it opens at once, since they
 *   are waiting for it.
 * - `site`: unsolicited, the site's own initiative; it never interrupts (see `whenBusy`).
 */
export type PopupOpener = 'compliance' | 'person' | 'site';

/** What a site popup does while the moment is busy (a video plays, a form is being filled in). */
export type PopupWhenBusy = 'wait' | 'drop';

export interface PopupRule {
  opener: PopupOpener;
  /** Only for `site` popups: wait until the moment passes, or drop it (it comes again another session). */
  whenBusy?: PopupWhenBusy;
}

/** The moment a popup would open into, as the page measures it. */
export interface PopupMoment {
  /** A <video> on the page is playing (not paused, not ended). */
  videoPlaying: boolean;
  /** Focus is in a field with content, or a form holds input not yet submitted. */
  formInProgress: boolean;
  /** Another popup is open: site popups never stack, they queue. */
  otherPopupOpen: boolean;
}

export type PopupDecision = 'open' | 'wait' | 'drop';

export const POPUP_RULES: Readonly<Record<PopupType, PopupRule>> = {
  // Compliance: the exceptions that open over anything (product §4).
  cookies: { opener: 'compliance' },
  'age-approval': { opener: 'compliance' },
  'law-limitation': { opener: 'compliance' },

  // The person's own act, answered at once.
  signup: { opener: 'person' },
  'tourpage-gallery': { opener: 'person' },
  'buy-subscription': { opener: 'person' },
  'buy-coins': { opener: 'person' },
  'model-tip': { opener: 'person' },
  'model-tip-success': { opener: 'person' },
  'change-avatar': { opener: 'person' },
  feedback: { opener: 'person' },
  'feedback-success': { opener: 'person' },
  'feedback-removal': { opener: 'person' },
  'feature-feedback': { opener: 'person' },
  'playdate-forbiddance': { opener: 'person' },
  'playdate-request-success': { opener: 'person' },
  freechat: { opener: 'person' },
  'camera-feedback': { opener: 'person' },
  // He comes back from the mailed link, the age check or the payment page and waits to hear how it went.
  'double-opt-in-finish': { opener: 'person' },
  'age-verification-success': { opener: 'person' },
  'buy-coins-success': { opener: 'person' },

  // The site's initiative: waits for the moment to pass...
  'double-opt-in': { opener: 'site', whenBusy: 'wait' },
  transactional: { opener: 'site', whenBusy: 'wait' },
  'playdate-feedback': { opener: 'site', whenBusy: 'wait' },
  'black-friday-discount': { opener: 'site', whenBusy: 'wait' },
  'valentines-discount': { opener: 'site', whenBusy: 'wait' },
  'summer-discount': { opener: 'site', whenBusy: 'wait' },
  'model-tip-offer': { opener: 'site', whenBusy: 'wait' },
  // ...or is dropped where a later session asks again anyway and waiting would only make it land at a worse moment.
  organic: { opener: 'site', whenBusy: 'drop' },
  'feature-introduce': { opener: 'site', whenBusy: 'drop' },
};

/** Whether a popup the site wants to open by itself may open now, must wait, or is dropped. */
export function decidePopup(type: PopupType, moment: PopupMoment): PopupDecision {
  const rule = POPUP_RULES[type];
  if (rule.opener !== 'site') return 'open';
  // One popup at a time: another open popup is a queue to wait in, never a reason to drop.
  if (moment.otherPopupOpen) return 'wait';
  if (moment.videoPlaying || moment.formInProgress) return rule.whenBusy ?? 'wait';
  return 'open';
}

/** The tip offer comes at most once in this period per member (persisted by the web, enforced by the server). */
export const TIP_OFFER_INTERVAL_MS = 4 * 24 * 60 * 60 * 1000;

/** Real engagement in this browser session, measured (never a timer from the session's start). */
export interface TipOfferEngagement {
  /** Seconds a video actually played this session (paused time does not count). */
  watchedSeconds: number;
  /** Model profiles and camera pages opened this session. */
  modelPagesVisited: number;
  /** Pages opened this session (the first one included). */
  pageViews: number;
}

/** Any one of these is engagement enough for the tip offer. */
export const TIP_OFFER_ENGAGEMENT = { watchedSeconds: 45, modelPagesVisited: 1, pageViews: 6 } as const satisfies TipOfferEngagement;

export function isEngagedForTipOffer(engagement: TipOfferEngagement): boolean {
  return (
    engagement.watchedSeconds >= TIP_OFFER_ENGAGEMENT.watchedSeconds ||
    engagement.modelPagesVisited >= TIP_OFFER_ENGAGEMENT.modelPagesVisited ||
    engagement.pageViews >= TIP_OFFER_ENGAGEMENT.pageViews
  );
}

/** True when the last offer (shown at `lastOfferedAt`, ms) is at least TIP_OFFER_INTERVAL_MS ago, or there was none. */
export function isTipOfferDue(lastOfferedAt: number | null, now: number): boolean {
  return lastOfferedAt === null || now - lastOfferedAt >= TIP_OFFER_INTERVAL_MS;
}
