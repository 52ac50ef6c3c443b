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
};
