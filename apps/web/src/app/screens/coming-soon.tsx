import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/paths';
import { useCurrentRoute } from '../navigation/current-route';

/** The placeholder of every SPEC §2 route whose screen is not built yet. */
export default function ComingSoonScreen() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  return (
    <section className="placeholder" aria-labelledby="placeholder-title">
      <p className="eyebrow">{t('comingSoon.eyebrow')}</p>
      <h1 id="placeholder-title" className="placeholder__title">
        {t(`routes.${route?.titleKey ?? 'error'}`)}
      </h1>
      <p className="placeholder__text">{t('comingSoon.text')}</p>
      <Link className="button button--secondary" to={paths.home()}>
        {t('common.backHome')}
      </Link>
    </section>
  );
}
