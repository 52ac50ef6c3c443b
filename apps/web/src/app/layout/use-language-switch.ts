import type { Language } from '@velora/shared';
import { availableLanguages, isLanguage } from '@velora/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateLanguage } from '@/features/auth/api/update-language';
import { useSession } from '@/features/auth/session';
import { useVisit } from '@/features/tracking/api/get-visit';
import { reportError } from '@/lib/report-error';
import { setLanguage } from '@/lib/storage';
import { frenchEnabled } from '../bootstrap';
import { applyLanguage } from '../i18n';

export interface LanguageSwitch {
  current: Language;
  options: Language[];
  change: (language: Language) => Promise<void>;
}

/**
 * product §1: French is offered only when the feature is on for the visit or the user. A change is
 * stored, sets the page language marker, and for a logged-in user is posted to the server.
 */
export function useLanguageSwitch(): LanguageSwitch {
  const { i18n } = useTranslation();
  const { data: visit } = useVisit();
  const { profile, isLoggedIn } = useSession();
  const { mutate: postLanguage } = useUpdateLanguage();
  const current: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const offered = availableLanguages(frenchEnabled(visit, profile?.features));
  const options = offered.includes(current) ? offered : [...offered, current];

  const change = useCallback(
    async (language: Language) => {
      setLanguage(language);
      await applyLanguage(i18n, language);
      if (isLoggedIn) postLanguage(language, { onError: (error) => reportError(error, { during: 'save language' }) });
    },
    [i18n, isLoggedIn, postLanguage],
  );

  return { current, options, change };
}
