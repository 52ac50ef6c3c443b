import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { paths } from '@/paths';
import { FormAlert } from '@/components/form-alert';
import { LOG_IN_HASH } from '@/components/modal-hashes';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { isApiError } from '@/lib/http';
import { useUnsubscribeCameraMails } from '../api/unsubscribe-camera-mails';
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

/** kind=cameras&token: the go-live mails' one-click link; the token names the member, no log-in needed. */
function UnsubscribingFromCameraMails({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const query = useUnsubscribeCameraMails(token);
  if (token === null || isApiError(query.error, 404) || isApiError(query.error, 400)) {
    return <StatusMessage tone="error" title={t('pages.unsubscribe.cameras.badToken')} text={t('pages.unsubscribe.cameras.badTokenText')} />;
  }
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
      <FormAlert tone="success">{t('pages.unsubscribe.cameras.done')}</FormAlert>
      <p className="unsubscribe__more">
        <Link className="text-link" to={paths.userProfileSettings()}>
          {t('pages.unsubscribe.cameras.settings')}
        </Link>
      </p>
    </div>
  );
}

/**
 * /unsubscribe_mails: for a member, GET /user/unsubscribe_mails at once; a visitor is told to log in first.
 * With kind=cameras and a token (the go-live mails' link), the token alone unsubscribes, logged in or not.
 */
export function UnsubscribeMailsPage({ loggedIn, sessionPending }: UnsubscribeMailsPageProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  if (searchParams.get('kind') === 'cameras') {
    const token = searchParams.get('token')?.trim() || null;
    return (
      <article className="page page--narrow unsubscribe" aria-labelledby="unsubscribe-title">
        <header className="page-header">
          <h1 id="unsubscribe-title" className="page-header__title">
            {t('pages.unsubscribe.cameras.title')}
          </h1>
        </header>
        <UnsubscribingFromCameraMails token={token} />
      </article>
    );
  }
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
