import { useTranslation } from 'react-i18next';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { useCan } from '@/lib/capabilities';
import { BackofficeFrame } from '../components/backoffice-frame';
import { usePlaydateLimits } from '../playdate-limits/get-playdate-limits';
import { PlaydateLimitsForm } from '../playdate-limits/playdate-limits-form';
import '../playdate-limits/playdate-limits.css';

function PlaydateLimitsScreen() {
  const { t } = useTranslation();
  const limits = usePlaydateLimits();
  if (limits.isPending) {
    return (
      <p role="status" className="backoffice__muted">
        {t('teamLimits.loading')}
      </p>
    );
  }
  if (limits.isError) return <ErrorState title={t('teamLimits.loadFailed')} onRetry={() => void limits.refetch()} />;
  return <PlaydateLimitsForm limits={limits.data} />;
}

/**
 * /backoffice/playdate-limits (formerly /team/playdate-limits, which redirects here): what models may offer for
 * private playdates, for the team (decision records 040, 072). A writer or retagger enters the back office but not this.
 */
export default function PlaydateLimitsRoute() {
  const { t } = useTranslation();
  const canEdit = useCan('backoffice');
  return (
    <BackofficeFrame title={t('teamLimits.title')} intro={t('teamLimits.subtitle')} titleId="team-limits-title">
      {canEdit ? <PlaydateLimitsScreen /> : <StatusMessage title={t('teamFeedback.teamOnly.title')} text={t('teamFeedback.teamOnly.text')} />}
    </BackofficeFrame>
  );
}
