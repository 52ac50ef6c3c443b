import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LegalLinkName } from '@/components/app-links';
import { useAppLinks } from '@/components/app-links';

/** Links to the other legal pages a reader of this one may need next. */
export function RelatedLinks({ names }: { names: readonly LegalLinkName[] }) {
  const { t } = useTranslation();
  const links = useAppLinks();
  return (
    <nav className="related-links" aria-label={t('pages.related')}>
      <h2 className="related-links__title">{t('pages.related')}</h2>
      <ul className="related-links__list">
        {names.map((name) => (
          <li key={name}>
            <Link className="text-link" to={links.legal[name]}>
              {t(`routes.${name}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
