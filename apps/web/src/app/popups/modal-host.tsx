import type { PopupType } from '@velora/shared';
import { Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LOG_IN_HASH } from '@/components/modal-hashes';
import { hidePopup, usePopupStates } from '@/components/popups/popup-store';
import { LoginDialog } from '@/features/auth/components/login-dialog';
import { usePendingLogin } from '@/features/auth/pending-login';
import { useSession } from '@/features/auth/session';
import { EmailChangeConfirmation } from '@/features/profile/components/email-change-confirmation';
import { FeaturePopupTriggers } from './feature-popup-triggers';
import { MessagesTriggers } from './messages-triggers';
import { MoneyTriggers } from './money-triggers';
import { PlaydateTriggers } from './playdate-triggers';
import type { PopupEntry } from './registry';
import { POPUP_REGISTRY } from './registry';

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

  const entries = Object.entries(POPUP_REGISTRY) as [PopupType, PopupEntry][];
  return (
    <>
      <FeaturePopupTriggers />
      <EmailChangeConfirmation />
      <MessagesTriggers />
      <MoneyTriggers />
      <PlaydateTriggers />
      {location.hash === LOG_IN_HASH && !isLoggedIn && !isPending && !linkLoginPending ? <LoginDialog open onClose={removeHash} /> : null}
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
