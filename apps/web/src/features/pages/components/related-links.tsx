import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LegalPageName } from '@/paths';
import { paths } from '@/paths';

/** Links to the other legal pages a reader of this one may need next. */
export function RelatedLinks({ names }: { names: readonly LegalPageName[] }) {
  const { t } = useTranslation();
  return (
    <nav className="related-links" aria-label={t('pages.related')}>
      <h2 className="related-links__title">{t('pages.related')}</h2>
      <ul className="related-links__list">
        {names.map((name) => (
          <li key={name}>
            <Link className="text-link" to={paths.legal(name)}>
              {t(`routes.${name}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
