import type { Landing } from '@velora/shared';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { SanitizedHtml } from '@/components/sanitized-html';
import { useContentLanguage } from '@/lib/content-language';
import { isApiError } from '@/lib/http';
import { useLanding } from '../api/get-landing';
import { publishPageTitle } from '../page-titles';
import { PageNotFound } from './page-not-found';
import { PageLoadError, PageLoading } from './page-states';
import '../pages.css';
import { Picture } from '@/components/picture';

function CallToAction({ cta }: { cta: NonNullable<Landing['cta']> }) {
  const location = useLocation();
  const url = cta.url.trim();
  const className = 'button button--primary button--large';
  // '#sign_up' and the like open a dialog on this page, keeping the query (e.g. a campaign).
  if (url.startsWith('#')) {
    return (
      <Link className={className} to={{ pathname: location.pathname, search: location.search, hash: url }}>
        {cta.label}
      </Link>
    );
  }
  if (url.startsWith('/') && !url.startsWith('//')) {
    return (
      <Link className={className} to={url}>
        {cta.label}
      </Link>
    );
  }
  if (/^https?:\/\//i.test(url)) {
    return (
      <a className={className} href={url} rel="noopener noreferrer">
        {cta.label}
      </a>
    );
  }
  return null;
}

/** A landing variant (GET /landings/{id}): for /welcome/{id} and for landing-type custom pages. */
export function LandingView({ id }: { id: number }) {
  const language = useContentLanguage();
  const { pathname } = useLocation();
  const query = useLanding(id, language);
  const title = query.data?.title ?? null;

  useEffect(() => {
    publishPageTitle(pathname, title);
    return () => publishPageTitle(pathname, null);
  }, [pathname, title]);

  if (query.isPending) return <PageLoading />;
  if (query.isError) return isApiError(query.error, 404) ? <PageNotFound /> : <PageLoadError onRetry={() => void query.refetch()} />;

  const landing = query.data;
  return (
    <article className="landing-page" lang={landing.language} aria-labelledby="landing-page-title" data-testid="landing-page">
      <header className="landing-page__hero">
        {/* The landing's largest paint: asked for first, never lazily. */}
        {landing.hero_image ? (
          <Picture className="landing-page__image" src={landing.hero_image} sizes="(max-width: 940px) 100vw, 900px" alt="" width={900} height={500} fetchPriority="high" />
        ) : null}
        <div className="landing-page__intro">
          <h1 id="landing-page-title" className="landing-page__title">
            {landing.title}
          </h1>
          {landing.subtitle ? <p className="landing-page__subtitle">{landing.subtitle}</p> : null}
          {landing.cta ? <CallToAction cta={landing.cta} /> : null}
        </div>
      </header>
      <SanitizedHtml className="landing-page__body" html={landing.body_html} />
    </article>
  );
}
