import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/paths';

/** Any path outside the table (custom pages come later). */
export default function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <section className="placeholder" aria-labelledby="not-found-title">
      <p className="eyebrow">{t('notFound.eyebrow')}</p>
      <h1 id="not-found-title" className="placeholder__title">
        {t('routes.notFound')}
      </h1>
      <p className="placeholder__text">{t('notFound.text')}</p>
      <Link className="button button--primary" to={paths.home()}>
        {t('common.backHome')}
      </Link>
    </section>
  );
}
