import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LOG_IN_HASH } from '@/components/modal-hashes';
import { useSession } from '@/features/auth/session';
import { LawRestrictionPopup } from '@/features/compliance/components/law-restriction-popup';
import { restrictedRegionOf, shouldShowLawRestriction } from '@/features/compliance/rules';
import { useVisit } from '@/features/tracking/api/get-visit';
import { routePath } from '@/paths';
import { LEGAL_PAGES, LEGAL_PATHS } from './legal-links';

/**
 * The law-restriction popup (product §4: logged-out visitors from the listed US regions, without age
 * verification). The legal pages stay readable under it; logging in lifts it.
 */
export function LawRestrictionPopupSlot() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { isLoggedIn, isPending } = useSession();
  const { data: visit } = useVisit();
  if (!visit || LEGAL_PATHS.includes(pathname)) return null;
  if (!shouldShowLawRestriction({ sessionKnown: !isPending, loggedIn: isLoggedIn, visit })) return null;
  return (
    <LawRestrictionPopup
      region={restrictedRegionOf(visit) ?? ''}
      logInTo={`${pathname}${search}${LOG_IN_HASH}`}
      contactTo={routePath('contactUs')}
      legalLinks={LEGAL_PAGES.map((name) => ({ to: routePath(name), label: t(`routes.${name}`) }))}
    />
  );
}
