import { PRODUCT_NAME } from '@velora/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteTitleKey } from '../routes';

/** SPEC §1: the product name followed by the translated section name. */
export function composeTitle(section: string | null | undefined): string {
  return section ? `${PRODUCT_NAME} – ${section}` : PRODUCT_NAME;
}

export function useDocumentTitle(titleKey: RouteTitleKey | undefined): void {
  const { t, i18n } = useTranslation();
  const section = titleKey ? t(`routes.${titleKey}`) : null;
  useEffect(() => {
    document.title = composeTitle(section);
  }, [section, i18n.resolvedLanguage]);
}
