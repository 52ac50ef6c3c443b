import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/status-message';
import { usePlaydateLimits } from '../api/get-playdate-limits';
import { PlaydateLimitsForm } from '../components/playdate-limits-form';
import { TeamGate } from '../components/team-gate';
import '../team.css';

function PlaydateLimitsScreen() {
  const { t } = useTranslation();
  const limits = usePlaydateLimits();
  if (limits.isPending) {
    return (
      <p role="status" className="team-feedback__muted">
        {t('teamLimits.loading')}
      </p>
    );
  }
  if (limits.isError) return <ErrorState title={t('teamLimits.loadFailed')} onRetry={() => void limits.refetch()} />;
  return <PlaydateLimitsForm limits={limits.data} />;
}

/** /team/playdate-limits: what models may offer for private playdates, for the team (decision record 040). */
export default function TeamPlaydateLimitsRoute() {
  const { t } = useTranslation();
  return (
    <article className="page team-limits" aria-labelledby="team-limits-title">
      <header className="page-header">
        <h1 id="team-limits-title" className="page-header__title">
          {t('teamLimits.title')}
        </h1>
        <p className="page-header__subtitle">{t('teamLimits.subtitle')}</p>
      </header>
      <TeamGate>
        <PlaydateLimitsScreen />
      </TeamGate>
    </article>
  );
}
