import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/paths';

/** Any path outside the io variant's table (product §2, §8): the page says exactly 'Not Found'. */
export default function IoNotFoundRoute() {
  const { t } = useTranslation();
  return (
    <section className="placeholder" aria-labelledby="io-not-found-title" data-testid="io-not-found">
      <p className="eyebrow">404</p>
      <h1 id="io-not-found-title" className="placeholder__title">
        {t('siteVariant.notFound.title')}
      </h1>
      <p className="placeholder__text">{t('siteVariant.notFound.text')}</p>
      <Link className="button button--primary" to={paths.home()}>
        {t('siteVariant.notFound.home')}
      </Link>
    </section>
  );
}
