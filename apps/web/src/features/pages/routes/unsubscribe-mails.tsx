import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { LOG_IN_HASH } from '@/components/modal-hashes';
import { ErrorState } from '@/components/status-message';
import { useUnsubscribeMails } from '../api/unsubscribe-mails';
import '../pages.css';

interface UnsubscribeMailsPageProps {
  loggedIn: boolean;
  /** The session is still being settled: neither call nor explain yet. */
  sessionPending: boolean;
}

function Unsubscribing() {
  const { t } = useTranslation();
  const query = useUnsubscribeMails(true);
  if (query.isPending) {
    return (
      <p role="status" className="unsubscribe__status">
        {t('pages.unsubscribe.pending')}
      </p>
    );
  }
  if (query.isError) return <ErrorState title={t('pages.unsubscribe.failed')} onRetry={() => void query.refetch()} />;
  return (
    <div data-testid="unsubscribe-done">
      <FormAlert tone="success">{t('pages.unsubscribe.done')}</FormAlert>
    </div>
  );
}

/** /unsubscribe_mails: for a member, GET /user/unsubscribe_mails at once; a visitor is told to log in first. */
export function UnsubscribeMailsPage({ loggedIn, sessionPending }: UnsubscribeMailsPageProps) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <article className="page page--narrow unsubscribe" aria-labelledby="unsubscribe-title">
      <header className="page-header">
        <h1 id="unsubscribe-title" className="page-header__title">
          {t('pages.unsubscribe.title')}
        </h1>
        <p className="page-header__subtitle">{t('pages.unsubscribe.intro')}</p>
      </header>
      {sessionPending ? null : loggedIn ? (
        <Unsubscribing />
      ) : (
        <div className="content-card" data-testid="unsubscribe-logged-out">
          <p>{t('pages.unsubscribe.loggedOut')}</p>
          {/* After logging in, the dialog brings the member back here (its `redirect` query). */}
          <Link
            className="button button--primary"
            to={{ pathname: location.pathname, search: `?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`, hash: LOG_IN_HASH }}
          >
            {t('pages.unsubscribe.logIn')}
          </Link>
        </div>
      )}
    </article>
  );
}
