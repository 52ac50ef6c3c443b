import type { PopupType } from '@velora/shared';
import { CONFIRM_EMAIL_CHANGE_PARAM, DOUBLE_OPT_IN_PARAM } from '@velora/shared';
import { Suspense, lazy, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LOG_IN_HASH } from '@/components/modal-hashes';
import { hidePopup, usePopupStates } from '@/components/popups/popup-store';
import { usePendingLogin } from '@/features/auth/pending-login';
import { useSession } from '@/features/auth/session';
import type { PopupEntry } from './registry';
import { LOGIN_DIALOG, POPUP_REGISTRY } from './registry';
import { withTexts } from '@/locales/load-texts';

// Loaded when they are needed (decision record 052): the log-in dialog when it opens, the members' hosts after log-in,
// the links' dialogs when a mailed link brought its parameter.
const LoginDialog = lazy(LOGIN_DIALOG);
const MemberHosts = lazy(withTexts(['messages', 'money', 'playdates'], () => import('./member-hosts')));
const FeaturePopupTriggers = lazy(withTexts(['money'], () => import('./feature-popup-triggers').then((m) => ({ default: m.FeaturePopupTriggers }))));
const EmailChangeConfirmation = lazy(
  withTexts(['profile'], () => import('@/features/profile/components/email-change-confirmation').then((m) => ({ default: m.EmailChangeConfirmation }))),
);

/** True from the first render whose URL carries `param` on: the host that handles it takes it out of the URL. */
function useArrivedWith(search: string, param: string): boolean {
  const [arrived, setArrived] = useState(false);
  const present = new URLSearchParams(search).has(param);
  if (present && !arrived) setArrived(true);
  return arrived || present;
}

/** Renders the log-in dialog (`#log_in`) and every popup of the registry that is open. */
export function ModalHost() {
  const location = useLocation();
  const navigate = useNavigate();
  const { isLoggedIn, isPending } = useSession();
  const states = usePopupStates();
  // A log-in link's "Log in as …?" comes first: the log-in dialog of a guarded page waits behind it (and is not
  // needed once the visitor confirms).
  const linkLoginPending = usePendingLogin() !== null;
  // Closing a dialog opened by a hash removes the hash (and nothing else) from the URL.
  const removeHash = () => navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  const doubleOptInLink = useArrivedWith(location.search, DOUBLE_OPT_IN_PARAM);
  const emailChangeLink = useArrivedWith(location.search, CONFIRM_EMAIL_CHANGE_PARAM);

  const entries = Object.entries(POPUP_REGISTRY) as [PopupType, PopupEntry][];
  return (
    <>
      <Suspense fallback={null}>
        {isLoggedIn || doubleOptInLink ? <FeaturePopupTriggers /> : null}
        {emailChangeLink ? <EmailChangeConfirmation /> : null}
        {isLoggedIn ? <MemberHosts /> : null}
      </Suspense>
      {location.hash === LOG_IN_HASH && !isLoggedIn && !isPending && !linkLoginPending ? (
        <Suspense fallback={null}>
          <LoginDialog open onClose={removeHash} />
        </Suspense>
      ) : null}
      {entries.map(([type, entry]) => {
        const byHash = entry.hash !== undefined && location.hash === entry.hash;
        const open = (states[type]?.show === true || byHash) && !(entry.visitorsOnly && isLoggedIn);
        if (!open) return null;
        const Popup = entry.component;
        return (
          <Suspense key={type} fallback={null}>
            <Popup
              open
              onClose={() => {
                hidePopup(type);
                if (byHash) void removeHash();
              }}
            />
          </Suspense>
        );
      })}
    </>
  );
}
