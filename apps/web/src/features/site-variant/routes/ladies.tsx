import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LOG_IN_HASH, SIGN_UP_HASH } from '@/components/modal-hashes';
import '../site-variant.css';

const PROMISES = ['stories', 'respect', 'privacy'] as const;

const PROMISE_ICONS: Record<(typeof PROMISES)[number], string> = {
  stories: 'M4 5.5C6.5 4 9.5 4 12 5.5 14.5 4 17.5 4 20 5.5V19c-2.5-1.5-5.5-1.5-8 0-2.5-1.5-5.5-1.5-8 0z',
  respect: 'M12 20s-7-4.4-7-10a4 4 0 017-2.6A4 4 0 0119 10c0 5.6-7 10-7 10z',
  privacy: 'M7 11V8a5 5 0 0110 0v3M5 11h14v9H5z',
};

/** `/ladies`: the landing page for women visitors, in the ladies layout (product §1, §2). */
export default function LadiesRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const dialogLink = (hash: string) => ({ pathname: location.pathname, search: location.search, hash });

  return (
    <div className="ladies">
      <section className="ladies-hero" aria-labelledby="ladies-title">
        <div className="ladies-hero__art" aria-hidden="true">
          <span className="ladies-hero__petal ladies-hero__petal--one" />
          <span className="ladies-hero__petal ladies-hero__petal--two" />
          <span className="ladies-hero__petal ladies-hero__petal--three" />
        </div>
        <div className="ladies-hero__content">
          <p className="eyebrow">{t('siteVariant.ladies.eyebrow')}</p>
          <h1 id="ladies-title" className="ladies-hero__title">
            {t('siteVariant.ladies.title')}
          </h1>
          <p className="ladies-hero__lead">{t('siteVariant.ladies.lead')}</p>
          <div className="ladies-hero__actions">
            <Link className="button button--primary button--large" to={dialogLink(SIGN_UP_HASH)}>
              {t('siteVariant.ladies.ctaJoin')}
            </Link>
            <Link className="button button--ghost button--large" to={dialogLink(LOG_IN_HASH)}>
              {t('siteVariant.ladies.ctaLogIn')}
            </Link>
          </div>
        </div>
      </section>

      <section className="ladies-section" aria-labelledby="ladies-promises">
        <h2 id="ladies-promises" className="section-title">
          {t('siteVariant.ladies.promisesTitle')}
        </h2>
        <ul className="ladies-promises">
          {PROMISES.map((key) => (
            <li key={key} className="ladies-promise">
              <svg className="ladies-promise__icon" viewBox="0 0 24 24" width="30" height="30" aria-hidden="true" focusable="false">
                <path d={PROMISE_ICONS[key]} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" strokeLinecap="round" />
              </svg>
              <h3 className="ladies-promise__title">{t(`siteVariant.ladies.promises.${key}.title`)}</h3>
              <p className="ladies-promise__text">{t(`siteVariant.ladies.promises.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="ladies-quote" aria-labelledby="ladies-closing">
        <h2 id="ladies-closing" className="ladies-quote__title">
          {t('siteVariant.ladies.closingTitle')}
        </h2>
        <p>{t('siteVariant.ladies.closingText')}</p>
        <Link className="button button--primary button--large" to={dialogLink(SIGN_UP_HASH)}>
          {t('siteVariant.ladies.ctaJoin')}
        </Link>
      </section>
    </div>
  );
}
