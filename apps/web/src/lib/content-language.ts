import type { Language, Tag } from '@velora/shared';
import { isLanguage } from '@velora/shared';
import { useTranslation } from 'react-i18next';

/** The page language, for content that carries a name per language (tags). */
export function useContentLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
}

/** A tag's name in the page language. */
export function tagName(tag: Pick<Tag, 'name_en' | 'name_de' | 'name_fr'>, language: Language): string {
  return tag[`name_${language}`] || tag.name_en;
}
