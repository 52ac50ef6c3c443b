import type { PopupType, Profile } from '@velora/shared';
import { DOUBLE_OPT_IN_PARAM, decidePopup, featuresToIntroduce, isFeatureActive, shouldAskOrganicData, shouldOfferDoubleOptIn } from '@velora/shared';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { PopupData } from '@/components/popups/popup-store';
import { openSitePopup, usePopupMoment } from '@/components/popups/popup-moment';
import { showPopup } from '@/components/popups/popup-store';
import { useContentLanguage } from '@/lib/content-language';
import { featureLabel, introductionText } from './feature-label';
import { hasDoubleOptInMarker, introducedFeatures, isOrganicDismissed } from './markers';
import type { DoubleOptInData, DoubleOptInFinishData, FeatureIntroduceData, OrganicData } from './popup-props';

/**
 * Which feature popup a member is offered when the session starts, if any: the double opt-in (product §4), then
 * the organic questions, then the introduction of a new feature. One at a time.
 */
export function firstFeaturePopup(profile: Profile, language: 'en' | 'de' | 'fr'): { type: PopupType; data: PopupData } | null {
  const userId = profile.id;
  if (shouldOfferDoubleOptIn({ loggedIn: true, markerStored: hasDoubleOptInMarker(userId), features: profile.features })) {
    return { type: 'double-opt-in', data: { userId, email: profile.email } satisfies DoubleOptInData };
  }
  if (shouldAskOrganicData({ profile, dismissed: isOrganicDismissed(userId) })) {
    return { type: 'organic', data: { userId } satisfies OrganicData };
  }
  const [feature] = featuresToIntroduce(profile.features, introducedFeatures(userId));
  if (feature) {
    const settings = profile.features[feature]?.settings;
    const data: FeatureIntroduceData = {
      userId,
      feature,
      label: featureLabel(feature, settings, language),
      text: introductionText(settings, language),
      canRate: isFeatureActive(profile.features, 'feature_feedback'),
    };
    return { type: 'feature-introduce', data: { ...data } };
  }
  return null;
}

// Every navigation closes all popups (product §2), in effects that run after these: a popup opened because of a
// navigation is shown once that navigation's effects are done.
const afterNavigationEffects = (show: () => void) => setTimeout(show, 0);

/**
 * Opens the feature popups: double-opt-in-finish when the page was opened from the mailed link (the token is
 * taken out of the URL first), otherwise at most one of firstFeaturePopup once per session, through the popup gate
 * (decision 046): it waits for another popup, a playing video or a form being filled in to pass, or is dropped for
 * this session where its rule says so (it comes again next session: nothing marks it answered).
 */
export function useFeaturePopupTriggers({ profile, pending }: { profile: Profile | null; pending: boolean }): void {
  const location = useLocation();
  const navigate = useNavigate();
  const language = useContentLanguage();
  const waitingToken = useRef<string | null>(null);
  const offeredTo = useRef<number | null>(null);
  const [next, setNext] = useState<{ type: PopupType; data: PopupData } | null>(null);
  const moment = usePopupMoment();
  const decision = next ? decidePopup(next.type, moment) : null;

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const token = params.get(DOUBLE_OPT_IN_PARAM);
    if (token !== null) {
      waitingToken.current = token;
      params.delete(DOUBLE_OPT_IN_PARAM);
      const search = params.toString();
      void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
      return;
    }
    const waiting = waitingToken.current;
    if (waiting === null) return;
    waitingToken.current = null;
    afterNavigationEffects(() => showPopup('double-opt-in-finish', { token: waiting, ...(profile ? { userId: profile.id } : {}) } satisfies DoubleOptInFinishData));
  }, [location.search, location.pathname, location.hash, navigate, profile]);

  useEffect(() => {
    // Logged out (or another member): what was held for the last one is not theirs.
    if (!profile || (next && next.data.userId !== profile.id)) setNext(null);
  }, [profile, next]);

  useEffect(() => {
    if (pending || !profile || offeredTo.current === profile.id) return;
    // The confirmation link is being handled: that is the one popup for now.
    if (waitingToken.current !== null || new URLSearchParams(location.search).has(DOUBLE_OPT_IN_PARAM)) return;
    offeredTo.current = profile.id;
    setNext(firstFeaturePopup(profile, language));
  }, [pending, profile, location.search, language]);

  useEffect(() => {
    if (!next) return undefined;
    if (decision === 'drop') {
      setNext(null);
      return undefined;
    }
    if (decision !== 'open') return undefined;
    const timer = afterNavigationEffects(() => {
      if (openSitePopup(next.type, next.data) !== 'wait') setNext(null);
    });
    return () => clearTimeout(timer);
  }, [next, decision]);
}
