import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSession } from '@/features/auth/session';
import { useTheaterState } from '@/features/player/theater-store';
import { hasAgeVerificationMarker } from '@/features/compliance/age-verification-marker';
import { AgeApprovalGate } from '@/features/compliance/components/age-approval-gate';
import { AgeVerificationPopup } from '@/features/compliance/components/age-verification-popup';
import { shouldShowAgeApproval, shouldShowAgeVerificationPopup, shouldShowLawRestriction } from '@/features/compliance/rules';
import { useVisit } from '@/features/tracking/api/get-visit';
import { getApprovedAge, setApprovedAge } from '@/lib/storage';
import { routePath } from '@/paths';
import { AGE_VERIFICATION_QUIET_PATHS, LEGAL_PAGES, LEGAL_PATHS } from './legal-links';

/** Where "Leave" on the age gate goes: a neutral search page. */
export const AGE_GATE_EXIT_URL = 'https://duckduckgo.com/';

/**
 * The age popups: the age-approval gate for visitors (popup type `age-approval`) and the
 * age-verification popup for members (product §4), each under its own conditions.
 */
export function AgePopupsSlot() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { profile, isLoggedIn, isPending } = useSession();
  const { data: visit } = useVisit();
  const [approved, setApproved] = useState(getApprovedAge);
  const [verificationDismissed, setVerificationDismissed] = useState(false);
  // A film playing in the theater is not interrupted; the popup waits until it is closed or docked.
  const theater = useTheaterState();
  const watching = theater.theater && !theater.pictureInPicture;

  const lawRestricted = shouldShowLawRestriction({ sessionKnown: !isPending, loggedIn: isLoggedIn, visit: visit ?? null });
  const gate = shouldShowAgeApproval({ sessionKnown: !isPending, loggedIn: isLoggedIn, approved, pathname, exemptPaths: LEGAL_PATHS, lawRestricted });
  const verification =
    !verificationDismissed &&
    !watching &&
    shouldShowAgeVerificationPopup({
      profile,
      visitFeatures: visit?.features,
      now: Date.now(),
      markerStored: hasAgeVerificationMarker(),
      pathname,
      exemptPaths: AGE_VERIFICATION_QUIET_PATHS,
    });

  return (
    <>
      {gate ? (
        <AgeApprovalGate
          exitUrl={AGE_GATE_EXIT_URL}
          legalLinks={LEGAL_PAGES.map((name) => ({ to: routePath(name), label: t(`routes.${name}`) }))}
          onConfirm={() => {
            setApprovedAge(true);
            setApproved(true);
          }}
        />
      ) : null}
      {verification ? <AgeVerificationPopup onClose={() => setVerificationDismissed(true)} /> : null}
    </>
  );
}

