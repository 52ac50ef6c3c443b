import type { CustomPage } from '@velora/shared';
import { INVALID_PAGE_PASSWORD_CODE } from '@velora/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { SanitizedHtml } from '@/components/sanitized-html';
import { StatusMessage } from '@/components/status-message';
import { useContentLanguage } from '@/lib/content-language';
import { isApiError } from '@/lib/http';
import { useCustomPage } from '../api/get-custom-page';
import { LandingView } from '../components/landing-view';
import { PageNotFound } from '../components/page-not-found';
import { PageLoadError, PageLoading } from '../components/page-states';
import { PasswordPrompt } from '../components/password-prompt';
import { forwardTarget } from '../forward-target';
import { withoutLeadingTitle } from '../leading-title';
import { forgetPagePassword, readPagePassword, rememberPagePassword } from '../page-passwords';
import { publishPageTitle } from '../page-titles';
import '../pages.css';

const isWrongPassword = (error: unknown) => isApiError(error, 403) && (error.code === undefined || error.code === INVALID_PAGE_PASSWORD_CODE);

/** The landing of a landing-type page in the page language (German, else the English one). */
export function landingIdFor(page: Pick<CustomPage, 'landing_de' | 'landing_en'>, language: string): number | null {
  return (language === 'de' ? page.landing_de ?? page.landing_en : page.landing_en ?? page.landing_de) ?? null;
}

function Forward({ source }: { source: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const target = forwardTarget(source, location, window.location.origin);
  const href = target?.href ?? null;
  const internal = target?.internal ?? false;
  useEffect(() => {
    if (href === null) return;
    if (internal) void navigate(href, { replace: true });
    else window.location.replace(href);
  }, [href, internal, navigate]);
  if (!target) {
    return (
      <div className="page page--narrow">
        <StatusMessage tone="error" title={t('pages.forward.broken')} />
      </div>
    );
  }
  return (
    <div className="page page--narrow">
      <p role="status">{t('pages.forward.pending')}</p>
    </div>
  );
}

function PageBody({ page }: { page: CustomPage }) {
  const language = useContentLanguage();
  if (page.type === 'transforming_links') return page.source ? <Forward source={page.source} /> : <PageNotFound />;
  if (page.type === 'landing') {
    const id = landingIdFor(page, language);
    return id === null ? <PageNotFound /> : <LandingView id={id} />;
  }
  return (
    <article className="page page--narrow custom-page" aria-labelledby={page.title ? 'custom-page-title' : undefined} data-testid="custom-page">
      {page.title ? (
        <h1 id="custom-page-title" className="page-header__title custom-page__title">
          {page.title}
        </h1>
      ) : null}
      <SanitizedHtml className="custom-page__body" html={withoutLeadingTitle(page.source ?? '', page.title)} />
    </article>
  );
}

/** One path's custom page, with its password prompt. */
function CustomPageAt({ path }: { path: string }) {
  const [password, setPassword] = useState<string | null>(() => readPagePassword(path));
  // Passwords sent from the prompt: from the first one on, a wrong password is said out loud.
  const [attempt, setAttempt] = useState(0);
  const query = useCustomPage(path, password);
  const wrongPassword = query.isError && isWrongPassword(query.error);

  useEffect(() => {
    if (query.data && password !== null && query.data.has_password) rememberPagePassword(path, password);
  }, [query.data, password, path]);

  useEffect(() => {
    if (!wrongPassword || attempt > 0) return;
    // A remembered password stopped working (it was changed): ask afresh, without an alert nobody caused.
    forgetPagePassword(path);
    setPassword(null);
  }, [wrongPassword, attempt, path]);

  const title = query.data?.type === 'document' ? query.data.title : null;
  useEffect(() => {
    publishPageTitle(path, title);
    return () => publishPageTitle(path, null);
  }, [path, title]);

  const submitPassword = (value: string) => {
    setAttempt((n) => n + 1);
    if (value === password) void query.refetch();
    else setPassword(value);
  };

  const prompting = attempt > 0 && (query.isPending || wrongPassword);
  const needsPassword = query.data?.has_password === true && password === null;
  if (prompting || needsPassword) {
    return <PasswordPrompt invalid={wrongPassword} busy={query.isFetching} attempt={attempt} onSubmit={submitPassword} />;
  }
  if (query.isPending || wrongPassword) return <PageLoading />;
  if (query.isError) return isApiError(query.error, 404) ? <PageNotFound /> : <PageLoadError onRetry={() => void query.refetch()} />;
  return <PageBody page={query.data} />;
}

/** Any path outside the route table: looked up as a custom page (product §2); a failed load shows an error page. */
export default function CustomPageRoute() {
  const { pathname } = useLocation();
  return <CustomPageAt key={pathname} path={pathname} />;
}
