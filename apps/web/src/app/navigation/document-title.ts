import { PRODUCT_NAME } from '@velora/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteTitleKey } from '../route-types';

/** product §1: the product name followed by the translated section name. */
export function composeTitle(section: string | null | undefined): string {
  return section ? `${PRODUCT_NAME} – ${section}` : PRODUCT_NAME;
}

/** `pageTitle` (the page meta's, or one the page content published) replaces the composed title when given. */
export function useDocumentTitle(titleKey: RouteTitleKey | undefined, pageTitle?: string | null): void {
  const { t, i18n } = useTranslation();
  const section = titleKey ? t(`routes.${titleKey}`) : null;
  const title = pageTitle?.trim() || composeTitle(section);
  useEffect(() => {
    document.title = title;
  }, [title, i18n.resolvedLanguage]);
}
