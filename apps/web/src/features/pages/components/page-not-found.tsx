import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/paths';
import '../pages.css';

/** A path nobody has a page for (a custom page or landing answered 404). */
export function PageNotFound() {
  const { t } = useTranslation();
  return (
    <section className="placeholder" aria-labelledby="page-not-found-title" data-testid="page-not-found">
      <p className="eyebrow">{t('notFound.eyebrow')}</p>
      <h1 id="page-not-found-title" className="placeholder__title">
        {t('routes.notFound')}
      </h1>
      <p className="placeholder__text">{t('notFound.text')}</p>
      <Link className="button button--primary" to={paths.home()}>
        {t('common.backHome')}
      </Link>
    </section>
  );
}
