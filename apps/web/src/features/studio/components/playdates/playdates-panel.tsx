import type { Playdate } from '@velora/shared';
import type { TFunction } from 'i18next';
import { PLAYDATE_EVENTS } from '@velora/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Skeleton } from '@/components/skeleton';
import { ErrorState } from '@/components/status-message';
import { isApiError } from '@/lib/http';
import { useRealtimeConnected, useRealtimeEvent } from '@/lib/realtime';
import { paths } from '@/paths';
import { useCancelStudioPlaydate } from '../../api/cancel-studio-playdate';
import { refreshStudioPlaydates, useStudioPlaydates } from '../../api/get-studio-playdates';
import { PlaydateRequests } from './playdate-requests';
import { PlaydateSettingsForm } from './playdate-settings-form';
import { formatWhen, minutesLabel } from './playdate-format';
import { PublicPlaydateForm } from './public-playdate-form';

/** Without the realtime channel, new requests are looked for this often. */
const POLL_MS = 30_000;

/** Her playdates (decisions 040–043): requests to answer, upcoming and recent playdates, her private offer, public shows, earnings. */
export function PlaydatesPanel() {
  const { t } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  const connected = useRealtimeConnected();
  const playdates = useStudioPlaydates(connected ? null : POLL_MS);
  // A new request, or one of hers that changed (accepted elsewhere, expired, started): the panel asks again.
  useRealtimeEvent(PLAYDATE_EVENTS.request, () => void refreshStudioPlaydates(queryClient));
  useRealtimeEvent(PLAYDATE_EVENTS.status, () => void refreshStudioPlaydates(queryClient));

  let body;
  if (playdates.isPending) {
    body = (
      <div role="status" aria-label={t('studio.playdates.loading')}>
        <Skeleton height="6em" width="100%" />
      </div>
    );
  } else if (playdates.isError || !playdates.data) {
    body = <ErrorState title={t('studio.playdates.loadFailed')} onRetry={() => void playdates.refetch()} />;
  } else {
    const data = playdates.data;
    body = (
      <>
        <p className="studio-playdates__earned" data-testid="studio-playdates-earned">
          {t('studio.playdates.earned', { count: data.earned })}
        </p>
        <PlaydateRequests requests={data.requests} />
        <UpcomingPlaydates playdates={data.upcoming} />
        {/* Starts from the stored values; after a save they are what the form holds already. */}
        <PlaydateSettingsForm settings={data.settings} limits={data.limits} />
        <PublicPlaydateForm />
        <RecentPlaydates playdates={data.recent} />
      </>
    );
  }
  return (
    <section className="studio-card studio-card--wide studio-playdates" aria-labelledby={titleId} data-testid="studio-playdates">
      <h2 id={titleId} className="studio-card__title">
        {t('studio.playdates.title')}
      </h2>
      <p className="studio-card__intro">{t('studio.playdates.intro')}</p>
      {body}
    </section>
  );
}

function who(t: TFunction, playdate: Playdate): string {
  return playdate.kind === 'public' ? playdate.title : t('studio.playdates.privateWith', { name: playdate.member?.name ?? '' });
}

function UpcomingPlaydates({ playdates }: { playdates: readonly Playdate[] }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const cancel = useCancelStudioPlaydate();
  const [cancelling, setCancelling] = useState<Playdate | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const confirm = async () => {
    if (!cancelling) return;
    setFailed(null);
    try {
      await cancel.mutateAsync(cancelling.id);
      setCancelling(null);
    } catch (error) {
      setFailed(isApiError(error, 409) ? t('studio.playdates.upcoming.cannotCancel') : t('studio.errors.failed'));
    }
  };
  return (
    <section className="studio-playdates__block" aria-labelledby={titleId} data-testid="studio-playdates-upcoming">
      <h3 id={titleId} className="studio-playdates__subtitle">
        {t('studio.playdates.upcoming.title')}
      </h3>
      {playdates.length === 0 ? (
        <p className="studio-note">{t('studio.playdates.upcoming.empty')}</p>
      ) : (
        <ul className="studio-playdates__list">
          {playdates.map((playdate) => (
            <li key={playdate.id} className="studio-playdates__item" data-testid="studio-playdate-upcoming">
              <p className="studio-playdates__item-title">
                {who(t, playdate)} <span className="studio-playdates__badge">{t(`playdateRoom.status.${playdate.status}`)}</span>
              </p>
              <p>
                {playdate.starts_at !== null ? formatWhen(playdate.starts_at, i18n.language) : t('studio.playdates.requests.asap')} · {minutesLabel(t, playdate.duration_minutes)}
                {playdate.kind === 'private' ? ` · ${t('studio.playdates.coins', { count: playdate.coins })}` : ''}
              </p>
              <div className="form__row">
                <Link className="button button--primary button--small" to={paths.studioPlaydateRoom(playdate.id)} aria-label={t('studio.playdates.upcoming.enterLabel', { name: who(t, playdate) })}>
                  {t('studio.playdates.upcoming.enter')}
                </Link>
                {playdate.status === 'scheduled' ? (
                  <button type="button" className="button button--ghost button--small" onClick={() => setCancelling(playdate)} aria-label={t('studio.playdates.upcoming.cancelLabel', { name: who(t, playdate) })}>
                    {t('studio.playdates.upcoming.cancel')}
                  </button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={cancelling !== null}
        title={t('studio.playdates.upcoming.confirmTitle')}
        description={cancelling ? t(cancelling.kind === 'private' ? 'studio.playdates.upcoming.confirmPrivate' : 'studio.playdates.upcoming.confirmPublic', { name: who(t, cancelling) }) : ''}
        confirmLabel={t('studio.playdates.upcoming.confirm')}
        pendingLabel={t('studio.playdates.upcoming.cancelling')}
        cancelLabel={t('studio.playdates.upcoming.keep')}
        pending={cancel.isPending}
        error={failed}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setCancelling(null);
          setFailed(null);
        }}
        testId="studio-playdate-cancel-dialog"
      />
    </section>
  );
}

function RecentPlaydates({ playdates }: { playdates: readonly Playdate[] }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  return (
    <section className="studio-playdates__block" aria-labelledby={titleId} data-testid="studio-playdates-recent">
      <h3 id={titleId} className="studio-playdates__subtitle">
        {t('studio.playdates.recent.title')}
      </h3>
      {playdates.length === 0 ? (
        <p className="studio-note">{t('studio.playdates.recent.empty')}</p>
      ) : (
        <ul className="studio-playdates__list">
          {playdates.map((playdate) => (
            <li key={playdate.id} className="studio-playdates__item studio-playdates__item--recent">
              <p className="studio-playdates__item-title">
                {who(t, playdate)} <span className="studio-playdates__badge">{t(`playdateRoom.status.${playdate.status}`)}</span>
              </p>
              <p>
                {formatWhen(playdate.starts_at ?? playdate.created_at, i18n.language)} · {minutesLabel(t, playdate.duration_minutes)}
                {playdate.kind === 'private' && playdate.status === 'finished' && playdate.coins > 0 ? ` · ${t('studio.playdates.coins', { count: playdate.coins })}` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
