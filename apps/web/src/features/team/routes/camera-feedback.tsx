import { clampPage } from '@velora/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Pagination } from '@/components/pagination';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { useContentLanguage } from '@/lib/content-language';
import { paths } from '@/paths';
import { useCameraFeedback } from '../api/get-camera-feedback';
import { CameraFeedbackTable } from '../components/camera-feedback-table';
import { TeamGate } from '../components/team-gate';
import '../team.css';

function CameraFeedbackScreen() {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const filterId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = clampPage(searchParams.get('page') ?? undefined);
  const rated = searchParams.get('rated') === 'true';
  const feedback = useCameraFeedback({ page, rated });
  const data = feedback.data;

  const setRated = (next: boolean) => {
    // A new filter starts on its first page.
    const url = new URL(paths.teamCameraFeedback({ rated: next }), window.location.origin);
    setSearchParams(url.searchParams);
  };

  let body;
  if (feedback.isPending) {
    body = (
      <p role="status" className="team-feedback__muted">
        {t('teamFeedback.loading')}
      </p>
    );
  } else if (feedback.isError) {
    body = <ErrorState title={t('teamFeedback.loadFailed')} onRetry={() => void feedback.refetch()} />;
  } else if (!data || data.items.length === 0) {
    body = (
      <div data-testid="camera-feedback-empty">
        <StatusMessage title={rated ? t('teamFeedback.emptyRated') : t('teamFeedback.empty')} />
      </div>
    );
  } else {
    body = (
      <>
        <CameraFeedbackTable items={data.items} busy={feedback.isPlaceholderData} />
        <Pagination page={data.page} pages={data.pages} hrefFor={(p) => paths.teamCameraFeedback({ page: p, rated })} />
      </>
    );
  }

  const mean = data?.average_rating;
  return (
    <>
      <div className="team-feedback__bar">
        <label className="team-feedback__filter" htmlFor={filterId}>
          <input id={filterId} type="checkbox" checked={rated} onChange={(event) => setRated(event.currentTarget.checked)} />
          {t('teamFeedback.ratedOnly')}
        </label>
        {data ? (
          <p className="team-feedback__summary" aria-live="polite" data-testid="camera-feedback-summary">
            <span>{t('teamFeedback.total', { count: data.total })}</span>
            {' · '}
            <span>
              {mean === null || mean === undefined
                ? t('teamFeedback.averageNone')
                : t('teamFeedback.average', { rating: new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(mean) })}
            </span>
          </p>
        ) : null}
      </div>
      {body}
    </>
  );
}

/** /team/camera-feedback: the answers of the camera-feedback popup, for the team (decision record 039). */
export default function TeamCameraFeedbackRoute() {
  const { t } = useTranslation();
  return (
    <article className="page team-feedback" aria-labelledby="team-feedback-title">
      <header className="page-header">
        <h1 id="team-feedback-title" className="page-header__title">
          {t('teamFeedback.title')}
        </h1>
        <p className="page-header__subtitle">{t('teamFeedback.subtitle')}</p>
      </header>
      <TeamGate>
        <CameraFeedbackScreen />
      </TeamGate>
    </article>
  );
}
