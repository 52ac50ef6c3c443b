import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '@/paths';
import { publishPageTitle } from '../page-titles';
import '../pages.css';

/** A path nobody has a page for (a custom page or landing answered 404). */
export function PageNotFound() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const title = t('routes.notFound');
  // product §1: "Velora – Page not found", not the site's default title the meta of an unknown path carries.
  useEffect(() => {
    publishPageTitle(pathname, title, { replacesMeta: true });
    return () => publishPageTitle(pathname, null);
  }, [pathname, title]);
  return (
    <section className="placeholder" aria-labelledby="page-not-found-title" data-testid="page-not-found">
      <p className="eyebrow">{t('notFound.eyebrow')}</p>
      <h1 id="page-not-found-title" className="placeholder__title">
        {title}
      </h1>
      <p className="placeholder__text">{t('notFound.text')}</p>
      <Link className="button button--primary" to={paths.home()}>
        {t('common.backHome')}
      </Link>
    </section>
  );
}
