import type { PopupType } from '@velora/shared';
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazy } from 'react';
import { LOG_IN_HASH, SIGN_UP_HASH } from '@/components/modal-hashes';
import { withTexts } from '@/locales/load-texts';
import type { Namespace } from '@/locales/namespaces';

export interface PopupComponentProps {
  open: boolean;
  onClose: () => void;
}

export interface PopupEntry {
  component: LazyExoticComponent<ComponentType<PopupComponentProps>>;
  /** A URL hash that opens the popup too (product §2). */
  hash?: string;
  /** Shown to visitors only (a member has no use for sign-up). */
  visitorsOnly?: boolean;
}

/** The log-in dialog (`#log_in`), which the modal host renders itself; its loader also serves the prefetch on intent. */
export const LOGIN_DIALOG = withTexts(['auth'], () => import('@/features/auth/components/login-dialog').then((m) => ({ default: m.LoginDialog })));
const SIGNUP_DIALOG = withTexts(['auth'], () => import('@/features/auth/components/signup-dialog').then((m) => ({ default: m.SignupDialog })));

/** A popup's component, loaded when it first opens, with the namespaces of its texts (decision 066). */
const popup = (namespaces: readonly Namespace[], load: () => Promise<{ default: ComponentType<PopupComponentProps> }>) => lazy(withTexts(namespaces, load));

/** What a hash link opens, loaded ahead when someone points at such a link (decision record 052). */
export const HASH_DIALOG_LOADERS: Readonly<Record<string, () => Promise<unknown>>> = { [LOG_IN_HASH]: LOGIN_DIALOG, [SIGN_UP_HASH]: SIGNUP_DIALOG };

/** Popup type → lazily loaded component (CONVENTIONS: popups as a registry). Types are added with their features. */
export const POPUP_REGISTRY: Partial<Record<PopupType, PopupEntry>> = {
  signup: {
    component: lazy(SIGNUP_DIALOG),
    hash: SIGN_UP_HASH,
    visitorsOnly: true,
  },
  // Feature popups (features/feature-popups; opened by app/popups/feature-popup-triggers.tsx).
  'double-opt-in': {
    component: popup(['money'], () => import('@/features/feature-popups/components/double-opt-in-popup').then((m) => ({ default: m.DoubleOptInPopup }))),
  },
  'double-opt-in-finish': {
    component: popup(['money'], () =>
      import('@/features/feature-popups/components/double-opt-in-finish-popup').then((m) => ({ default: m.DoubleOptInFinishPopup })),
    ),
  },
  organic: {
    component: popup(['money', 'pages'], () => import('@/features/feature-popups/components/organic-popup').then((m) => ({ default: m.OrganicPopup }))),
  },
  feedback: {
    component: popup(['money'], () => import('@/features/feature-popups/components/feedback-popup').then((m) => ({ default: m.FeedbackPopup }))),
  },
  'feedback-success': {
    component: popup(['money'], () => import('@/features/feature-popups/components/feedback-popup').then((m) => ({ default: m.FeedbackSuccessPopup }))),
  },
  'feature-introduce': {
    component: popup(['money'], () => import('@/features/feature-popups/components/feature-introduce-popup').then((m) => ({ default: m.FeatureIntroducePopup }))),
  },
  'feature-feedback': {
    component: popup(['money'], () => import('@/features/feature-popups/components/feature-feedback-popup').then((m) => ({ default: m.FeatureFeedbackPopup }))),
  },
  // Messages (features/messages; opened by app/popups/messages-triggers.tsx): a site message shown once.
  transactional: {
    component: popup(['messages'], () => import('@/features/messages/components/transactional-popup').then((m) => ({ default: m.TransactionalPopup }))),
  },
  // Account (features/profile): opened from the profile overview.
  'change-avatar': {
    component: popup(['profile'], () => import('@/features/profile/components/change-avatar-popup').then((m) => ({ default: m.ChangeAvatarPopup }))),
  },
  // Money (features/paywall: plans, coin packages, checkout; features/coins: tips). Opened by the members, by the
  // locked player and by app/popups/money-triggers.tsx, which also applies product §4's rules to them.
  'buy-subscription': {
    component: popup(['money'], () => import('@/features/paywall/components/buy-subscription-popup').then((m) => ({ default: m.BuySubscriptionPopup }))),
  },
  'buy-coins': {
    component: popup(['money'], () => import('@/features/paywall/components/buy-coins-popup').then((m) => ({ default: m.BuyCoinsPopup }))),
  },
  'buy-coins-success': {
    component: popup(['money'], () => import('@/features/paywall/components/buy-coins-success-popup').then((m) => ({ default: m.BuyCoinsSuccessPopup }))),
  },
  'black-friday-discount': {
    component: popup(['money'], () => import('@/features/paywall/components/discount-popup').then((m) => ({ default: m.BlackFridayDiscountPopup }))),
  },
  'valentines-discount': {
    component: popup(['money'], () => import('@/features/paywall/components/discount-popup').then((m) => ({ default: m.ValentinesDiscountPopup }))),
  },
  'summer-discount': {
    component: popup(['money'], () => import('@/features/paywall/components/discount-popup').then((m) => ({ default: m.SummerDiscountPopup }))),
  },
  'model-tip': {
    component: popup(['money'], () => import('@/features/coins/components/model-tip-popup').then((m) => ({ default: m.ModelTipPopup }))),
  },
  'model-tip-success': {
    component: popup(['money'], () => import('@/features/coins/components/model-tip-success-popup').then((m) => ({ default: m.ModelTipSuccessPopup }))),
  },
  'model-tip-offer': {
    component: popup(['money'], () => import('@/features/coins/components/model-tip-offer-popup').then((m) => ({ default: m.ModelTipOfferPopup }))),
  },
  // Live cams (features/cameras): opened by the camera page when a watched show ends or she leaves it.
  'camera-feedback': {
    component: popup(['cameras'], () => import('@/features/cameras/components/camera-feedback-popup').then((m) => ({ default: m.CameraFeedbackPopup }))),
  },
  // Camera chat (features/camera-chat): today's free chat is used up; offers her paid chat and coins.
  freechat: {
    component: popup(['cameras'], () => import('@/features/camera-chat/components/freechat-popup').then((m) => ({ default: m.FreechatPopup }))),
  },
  // Playdates (features/playdates): the feedback question (opened by app/popups/playdate-triggers.tsx and the extend
  // screen), the refusal of a member who may not enter or request, and the confirmation of a request.
  'playdate-feedback': {
    component: popup(['playdates'], () => import('@/features/playdates/components/playdate-feedback-popup').then((m) => ({ default: m.PlaydateFeedbackPopup }))),
  },
  'playdate-forbiddance': {
    component: popup(['playdates'], () => import('@/features/playdates/components/playdate-forbiddance-popup').then((m) => ({ default: m.PlaydateForbiddancePopup }))),
  },
  'playdate-request-success': {
    component: popup(['playdates'], () =>
      import('@/features/playdates/components/playdate-request-success-popup').then((m) => ({ default: m.PlaydateRequestSuccessPopup })),
    ),
  },
  // Compliance (product §4). The age gate, the cookie popup and the law restriction are root slots, not registry entries.
  'age-verification-success': {
    component: popup([], () =>
      import('@/features/compliance/components/age-verification-success-popup').then((m) => ({ default: m.AgeVerificationSuccessPopup })),
    ),
  },
  'law-limitation': {
    component: popup([], () => import('@/features/compliance/components/law-limitation-popup').then((m) => ({ default: m.LawLimitationPopup }))),
  },
};
