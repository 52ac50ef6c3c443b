import type { Language } from '@velora/shared';
import { isLanguage } from '@velora/shared';
import { useTranslation } from 'react-i18next';

/** The page language, for content that carries a name per language (tags). */
export function useContentLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
}
