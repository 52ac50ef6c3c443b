import type { DiscountPopupType, FeatureMapT } from '@velora/shared';
import { decidePopup, discountFeatureOf, discountPercentOf, discountPopupFor, subscriptionPopupOutcome } from '@velora/shared';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/paths';
import { openSitePopup, usePopupMoment } from '@/components/popups/popup-moment';
import { hidePopup, usePopup } from '@/components/popups/popup-store';
import { hasSuccessMarker } from '@/lib/storage';
import type { DiscountPopupData } from './popup-props';
import { usePaymentReturnState } from './payment-return';

export interface SubscriptionPopupGateInput {
  userId: number;
  premium: boolean;
  features: FeatureMapT;
  ageVerificationOn: boolean;
}

/**
 * product §4 on every request for the buy-subscription popup (a locked video, anything else): premium members, a fresh
 * success_buy marker and /agb or /contact-us under age verification keep it away; with a discount active the member
 * goes to /paywall, where the discounted prices are, instead.
 */
export function useSubscriptionPopupGate({ userId, premium, features, ageVerificationOn }: SubscriptionPopupGateInput): void {
  const requested = usePopup('buy-subscription')?.show === true;
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!requested) return;
    const outcome = subscriptionPopupOutcome({ premium, hasSuccessBuyMarker: hasSuccessMarker('successBuy', userId), path: pathname, ageVerificationOn, features });
    if (outcome === 'show') return;
    hidePopup('buy-subscription');
    if (outcome === 'paywall' && pathname !== paths.paywall()) void navigate(paths.paywall());
  }, [requested, premium, features, ageVerificationOn, userId, pathname, navigate]);
}

const OFFERED_KEY = 'velora:discount-popup-offered';

function offeredThisSession(userId: number): boolean {
  try {
    return sessionStorage.getItem(`${OFFERED_KEY}:${userId}`) !== null;
  } catch {
    return false;
  }
}

function rememberOffered(userId: number): void {
  try {
    sessionStorage.setItem(`${OFFERED_KEY}:${userId}`, '1');
  } catch {
    // Storage disabled: the offer may come once more this session, nothing worse.
  }
}

/**
 * The discount popup product §4 gives this member (black Friday, Valentine's, summer), once per browser session, through
 * the popup gate (decision 046: no other popup, no playing video, no form being filled in) and while no payment is
 * being confirmed; never on /paywall itself (the offer is there already).
 * Returns the type that applies, so other offers can stand back in a session that has one.
 */
export function useDiscountPopupTrigger({ userId, features }: { userId: number; features: FeatureMapT }): DiscountPopupType | null {
  const type = discountPopupFor(features);
  const moment = usePopupMoment();
  const decision = type ? decidePopup(type, moment) : 'drop';
  const confirming = usePaymentReturnState()?.phase === 'confirming';
  const { pathname } = useLocation();
  const percent = type ? discountPercentOf(features, discountFeatureOf(type)) : null;

  useEffect(() => {
    if (!type || decision !== 'open' || confirming || pathname === paths.paywall() || offeredThisSession(userId)) return undefined;
    // After the navigation's close-all (product §2), like the other popups opened at the start of a session.
    const timer = setTimeout(() => {
      if (offeredThisSession(userId)) return;
      if (openSitePopup(type, { percent } satisfies DiscountPopupData) === 'open') rememberOffered(userId);
    }, 0);
    return () => clearTimeout(timer);
  }, [type, percent, decision, confirming, pathname, userId]);

  return type;
}

/** For tests: a new browser session. */
export function resetDiscountPopupTrigger(): void {
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(OFFERED_KEY)) sessionStorage.removeItem(key);
  } catch {
    // Nothing stored.
  }
}
