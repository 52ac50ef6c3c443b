import { hidePopup, usePopup } from '@/components/popups/popup-store';
import { CookieConsentPopup } from '@/features/compliance/components/cookie-consent-popup';
import { storeConsent, useStoredConsent } from '@/features/compliance/consent-storage';
import { shouldShowCookiePopup } from '@/features/compliance/rules';
import { useVisit } from '@/features/tracking/api/get-visit';
import { useSiteConfig } from '../site-config';

/**
 * The cookie-consent popup (product §4: EU/UK visitors without consent, not on the io variant). The footer's
 * "Cookie settings" opens it again (popup type `cookies`) to change the answer.
 */
export function CookiePopupSlot() {
  const { variant } = useSiteConfig();
  const { data: visit } = useVisit();
  const stored = useStoredConsent();
  const reopened = usePopup('cookies')?.show === true;
  const show = reopened || shouldShowCookiePopup({ visit: visit ?? null, variant, consented: stored !== null });
  if (!show) return null;
  return (
    <CookieConsentPopup
      initial={stored}
      onAnswer={(choice) => {
        storeConsent(choice);
        hidePopup('cookies');
      }}
    />
  );
}
