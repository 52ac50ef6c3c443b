import type { PopupType } from '@velora/shared';
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazy } from 'react';
import { SIGN_UP_HASH } from '@/components/modal-hashes';

export interface PopupComponentProps {
  open: boolean;
  onClose: () => void;
}

export interface PopupEntry {
  component: LazyExoticComponent<ComponentType<PopupComponentProps>>;
  /** A URL hash that opens the popup too (SPEC §2). */
  hash?: string;
  /** Shown to visitors only (a member has no use for sign-up). */
  visitorsOnly?: boolean;
}

/** Popup type → lazily loaded component (CONVENTIONS: popups as a registry). Types are added with their features. */
export const POPUP_REGISTRY: Partial<Record<PopupType, PopupEntry>> = {
  signup: {
    component: lazy(() => import('@/features/auth/components/signup-dialog').then((m) => ({ default: m.SignupDialog }))),
    hash: SIGN_UP_HASH,
    visitorsOnly: true,
  },
  // Feature popups (features/feature-popups; opened by app/popups/feature-popup-triggers.tsx).
  'double-opt-in': {
    component: lazy(() => import('@/features/feature-popups/components/double-opt-in-popup').then((m) => ({ default: m.DoubleOptInPopup }))),
  },
  'double-opt-in-finish': {
    component: lazy(() =>
      import('@/features/feature-popups/components/double-opt-in-finish-popup').then((m) => ({ default: m.DoubleOptInFinishPopup })),
    ),
  },
  organic: {
    component: lazy(() => import('@/features/feature-popups/components/organic-popup').then((m) => ({ default: m.OrganicPopup }))),
  },
  feedback: {
    component: lazy(() => import('@/features/feature-popups/components/feedback-popup').then((m) => ({ default: m.FeedbackPopup }))),
  },
  'feedback-success': {
    component: lazy(() => import('@/features/feature-popups/components/feedback-popup').then((m) => ({ default: m.FeedbackSuccessPopup }))),
  },
  'feature-introduce': {
    component: lazy(() => import('@/features/feature-popups/components/feature-introduce-popup').then((m) => ({ default: m.FeatureIntroducePopup }))),
  },
  'feature-feedback': {
    component: lazy(() => import('@/features/feature-popups/components/feature-feedback-popup').then((m) => ({ default: m.FeatureFeedbackPopup }))),
  },
  // Messages (features/messages; opened by app/popups/messages-triggers.tsx): a site message shown once.
  transactional: {
    component: lazy(() => import('@/features/messages/components/transactional-popup').then((m) => ({ default: m.TransactionalPopup }))),
  },
  // Account (features/profile): opened from the profile overview.
  'change-avatar': {
    component: lazy(() => import('@/features/profile/components/change-avatar-popup').then((m) => ({ default: m.ChangeAvatarPopup }))),
  },
  // Money (features/paywall: plans, coin packages, checkout; features/coins: tips). Opened by the members, by the
  // locked player and by app/popups/money-triggers.tsx, which also applies SPEC §4's rules to them.
  'buy-subscription': {
    component: lazy(() => import('@/features/paywall/components/buy-subscription-popup').then((m) => ({ default: m.BuySubscriptionPopup }))),
  },
  'buy-coins': {
    component: lazy(() => import('@/features/paywall/components/buy-coins-popup').then((m) => ({ default: m.BuyCoinsPopup }))),
  },
  'buy-coins-success': {
    component: lazy(() => import('@/features/paywall/components/buy-coins-success-popup').then((m) => ({ default: m.BuyCoinsSuccessPopup }))),
  },
  'black-friday-discount': {
    component: lazy(() => import('@/features/paywall/components/discount-popup').then((m) => ({ default: m.BlackFridayDiscountPopup }))),
  },
  'valentines-discount': {
    component: lazy(() => import('@/features/paywall/components/discount-popup').then((m) => ({ default: m.ValentinesDiscountPopup }))),
  },
  'summer-discount': {
    component: lazy(() => import('@/features/paywall/components/discount-popup').then((m) => ({ default: m.SummerDiscountPopup }))),
  },
  'model-tip': {
    component: lazy(() => import('@/features/coins/components/model-tip-popup').then((m) => ({ default: m.ModelTipPopup }))),
  },
  'model-tip-success': {
    component: lazy(() => import('@/features/coins/components/model-tip-success-popup').then((m) => ({ default: m.ModelTipSuccessPopup }))),
  },
  'model-tip-offer': {
    component: lazy(() => import('@/features/coins/components/model-tip-offer-popup').then((m) => ({ default: m.ModelTipOfferPopup }))),
  },
  // Live cams (features/cameras): opened by the camera page when a watched show ends or she leaves it.
  'camera-feedback': {
    component: lazy(() => import('@/features/cameras/components/camera-feedback-popup').then((m) => ({ default: m.CameraFeedbackPopup }))),
  },
  // Camera chat (features/camera-chat): today's free chat is used up; offers her paid chat and coins.
  freechat: {
    component: lazy(() => import('@/features/camera-chat/components/freechat-popup').then((m) => ({ default: m.FreechatPopup }))),
  },
  // Playdates (features/playdates): the feedback question (opened by app/popups/playdate-triggers.tsx and the extend
  // screen), the refusal of a member who may not enter or request, and the confirmation of a request.
  'playdate-feedback': {
    component: lazy(() => import('@/features/playdates/components/playdate-feedback-popup').then((m) => ({ default: m.PlaydateFeedbackPopup }))),
  },
  'playdate-forbiddance': {
    component: lazy(() => import('@/features/playdates/components/playdate-forbiddance-popup').then((m) => ({ default: m.PlaydateForbiddancePopup }))),
  },
  'playdate-request-success': {
    component: lazy(() =>
      import('@/features/playdates/components/playdate-request-success-popup').then((m) => ({ default: m.PlaydateRequestSuccessPopup })),
    ),
  },
  // Compliance (SPEC §4). The age gate, the cookie popup and the law restriction are root slots, not registry entries.
  'age-verification-success': {
    component: lazy(() =>
      import('@/features/compliance/components/age-verification-success-popup').then((m) => ({ default: m.AgeVerificationSuccessPopup })),
    ),
  },
  'law-limitation': {
    component: lazy(() => import('@/features/compliance/components/law-limitation-popup').then((m) => ({ default: m.LawLimitationPopup }))),
  },
};
