import type { MembershipPlan } from '@velora/shared';
import { LANGUAGE_TAGS } from '@velora/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { LinkedText } from '@/components/linked-text';
import { LOG_IN_HASH, SIGN_UP_HASH } from '@/components/modal-hashes';
import { useContentLanguage } from '@/lib/content-language';
import { paths } from '@/paths';
import { LandingTeasers } from '../components/landing-teasers';
import { monthlyPriceFrom } from '../price';

const HIGHLIGHTS = ['library', 'weekly', 'live', 'privacy'] as const;
const STEPS = ['one', 'two', 'three'] as const;
// Where the highlights' tagged words lead: the cams and playdates that exist (a visitor is asked to log in first).
const HIGHLIGHT_LINKS = { cams: paths.cameras(), playdates: paths.playdates() };

const HIGHLIGHT_ICONS: Record<(typeof HIGHLIGHTS)[number], string> = {
  library: 'M4 5h4v14H4zM10 5h4v14h-4zM16.5 5.5l3.8 1-3.6 13.4-3.8-1z',
  weekly: 'M5 4h14v16H5zM5 9h14M9 2v4M15 2v4',
  live: 'M12 8a4 4 0 100 8 4 4 0 000-8zM4.9 4.9a10 10 0 000 14.2M19.1 4.9a10 10 0 010 14.2',
  privacy: 'M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6z',
};

/** The membership plans as the app loaded them (GET /payments/plans); the landing shows their price. */
export interface LandingPlans {
  plans: readonly MembershipPlan[] | undefined;
  isPending: boolean;
}

/** "Premium from €20.00 per month"; nothing while the plans load or when they could not be had. */
export function PriceFrom({ plans }: { plans: LandingPlans }) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const from = plans.plans ? monthlyPriceFrom(plans.plans) : null;
  if (plans.isPending) return <p className="landing-hero__price landing-hero__price--pending" aria-hidden="true" data-testid="landing-price-pending" />;
  if (!from) return null;
  const price = new Intl.NumberFormat(LANGUAGE_TAGS[language], { style: 'currency', currency: from.currency }).format(from.cents / 100);
  return (
    <p className="landing-hero__price" data-testid="landing-price">
      {t('landing.priceFrom', { price })}
    </p>
  );
}

/**
 * `/` for visitors (members are redirected to their landing URL by the route guard). `price` is the hero's price line
 * (`PriceFrom` over the plans the app loads): a slot, so the plans' answer re-renders that line, not the whole landing.
 */
export default function LandingRoute({ price = null }: { price?: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  // Keep the query (e.g. `redirect`) when a call to action opens a dialog.
  const dialogLink = (hash: string) => ({ pathname: location.pathname, search: location.search, hash });

  return (
    <div className="landing">
      <section className="landing-hero" aria-labelledby="landing-title">
        <div className="landing-hero__art" aria-hidden="true">
          <span className="landing-hero__orb landing-hero__orb--one" />
          <span className="landing-hero__orb landing-hero__orb--two" />
          <span className="landing-hero__orb landing-hero__orb--three" />
          <span className="landing-hero__grid" />
        </div>
        <div className="landing-hero__content">
          {searchParams.get('logout') === 'true' ? <FormAlert tone="info">{t('landing.loggedOut')}</FormAlert> : null}
          <p className="eyebrow">{t('landing.eyebrow')}</p>
          <h1 id="landing-title" className="landing-hero__title">
            {t('landing.title')}
          </h1>
          <p className="landing-hero__lead">{t('landing.lead')}</p>
          {price}
          <div className="landing-hero__actions">
            <Link className="button button--primary button--large" to={dialogLink(SIGN_UP_HASH)}>
              {t('landing.ctaJoin')}
            </Link>
            <Link className="button button--ghost button--large" to={dialogLink(LOG_IN_HASH)}>
              {t('landing.ctaLogIn')}
            </Link>
          </div>
        </div>
      </section>

      <LandingTeasers />

      <section className="landing-section" aria-labelledby="landing-highlights">
        <h2 id="landing-highlights" className="section-title">
          {t('landing.highlightsTitle')}
        </h2>
        <ul className="landing-highlights">
          {HIGHLIGHTS.map((key) => (
            <li key={key} className="landing-highlight">
              <svg className="landing-highlight__icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
                <path d={HIGHLIGHT_ICONS[key]} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" strokeLinecap="round" />
              </svg>
              <h3 className="landing-highlight__title">{t(`landing.highlights.${key}.title`)}</h3>
              <p className="landing-highlight__text">
                <LinkedText text={t(`landing.highlights.${key}.text`)} links={HIGHLIGHT_LINKS} />
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section className="landing-section landing-steps" aria-labelledby="landing-steps">
        <h2 id="landing-steps" className="section-title">
          {t('landing.stepsTitle')}
        </h2>
        <ol className="landing-steps__list">
          {STEPS.map((key) => (
            <li key={key} className="landing-steps__item">
              {t(`landing.steps.${key}`)}
            </li>
          ))}
        </ol>
      </section>

      <section className="landing-closing" aria-labelledby="landing-closing">
        <h2 id="landing-closing" className="landing-closing__title">
          {t('landing.closingTitle')}
        </h2>
        <p>{t('landing.closingText')}</p>
        <Link className="button button--primary button--large" to={dialogLink(SIGN_UP_HASH)}>
          {t('landing.ctaJoin')}
        </Link>
      </section>
    </div>
  );
}
