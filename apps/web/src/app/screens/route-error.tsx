import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reportError } from '@/lib/report-error';
import { useLandingShellRemoval } from '../landing-shell/landing-shell';

/** A route failed to load or render (e.g. a screen chunk after a deploy): say so, offer a reload. */
export function RouteErrorScreen() {
  const { t } = useTranslation();
  const error = useRouteError();
  useLandingShellRemoval();
  useEffect(() => {
    if (!isRouteErrorResponse(error)) reportError(error, { during: 'route render' });
  }, [error]);
  return (
    <section className="placeholder" role="alert" aria-labelledby="route-error-title">
      <h1 id="route-error-title" className="placeholder__title">
        {t('routes.error')}
      </h1>
      <p className="placeholder__text">{t('routeError.text')}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </button>
    </section>
  );
}
