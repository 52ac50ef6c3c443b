import { useQueryClient } from '@tanstack/react-query';
import type { Playdate, PlaydateList, PlaydateStatusEvent } from '@velora/shared';
import { PLAYDATE_EVENTS, clampPage } from '@velora/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/paths';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { Pagination } from '@/components/pagination';
import { showPopup } from '@/components/popups/popup-store';
import { Skeleton } from '@/components/skeleton';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { timeZoneLabel } from '@/entities/playdate/playdate-time';
import { useCan } from '@/lib/capabilities';
import { useContentLanguage } from '@/lib/content-language';
import { useRealtimeEvent } from '@/lib/realtime';
import { useCancelPrivatePlaydate } from '../api/cancel-private-playdate';
import { usePlaydateCameras } from '../api/get-playdate-cameras';
import { privatePlaydatesQueryOptions, usePrivatePlaydates } from '../api/get-private-playdates';
import { publicPlaydatesQueryOptions, usePublicPlaydates } from '../api/get-public-playdates';
import { hideDescriptionBlock } from '../api/hide-description-block';
import { hideUpcomingBlock } from '../api/hide-upcoming-block';
import { useSetPlaydateReminder } from '../api/set-playdate-reminder';
import { MyPlaydateItem } from '../components/my-playdate-item';
import { PlaydateCameraCard } from '../components/playdate-camera-card';
import { PublicPlaydateCard } from '../components/public-playdate-card';
import { openRefusalPopup, refusalOfError } from '../refusals';
import '../playdates.css';

/** What the app hands in: product §4's two settings of the profile, and a way to reload it once one changed. */
export interface PlaydatesScreenProps {
  /** settings.playdate_block: the explanation is shown. */
  showDescription: boolean;
  /** settings.upcoming_playdate_block: the tip above the upcoming shows is shown. */
  showUpcomingTip: boolean;
  onSettingsChanged: () => Promise<unknown>;
}

/** /playdates: live now, upcoming public shows, the member's requests and sessions, models for private playdates. */
export function PlaydatesScreen({ showDescription, showUpcomingTip, onSettingsChanged }: PlaydatesScreenProps) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const premium = useCan('premium');
  const forbidden = () => showPopup('playdate-forbiddance', { reason: 'not_premium' });
  const [announcement, setAnnouncement] = useState('');
  const queryClient = useQueryClient();

  // A status change of one of his playdates (accepted, live, ended) or a show going live: the lists follow.
  useRealtimeEvent<PlaydateStatusEvent>(PLAYDATE_EVENTS.status, (event) => {
    void queryClient.invalidateQueries({ queryKey: privatePlaydatesQueryOptions().queryKey });
    void queryClient.invalidateQueries({ queryKey: publicPlaydatesQueryOptions().queryKey });
    // His own playdates' changes are said (the list below changes silently for a screen reader otherwise).
    if (event.playdate.kind === 'private') setAnnouncement(`${t('playdates.mine.with', { name: event.playdate.model.name })}: ${t(`playdates.status.${event.status.status}`)}`);
  });

  return (
    <div className="page playdates">
      <header className="page-header playdates__header">
        <div>
          <h1 className="page-header__title">{t('playdates.title')}</h1>
          <p className="page-header__subtitle">{t('playdates.intro')}</p>
        </div>
        <nav aria-label={t('playdates.infoLinks')} className="playdates__links">
          <Link className="text-link" to={paths.netiquette()}>
            {t('playdates.netiquette')}
          </Link>
          <Link className="text-link" to={paths.playdateFaq()}>
            {t('playdates.faq')}
          </Link>
        </nav>
      </header>
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="playdates-announcement">
        {announcement}
      </p>
      {showDescription ? <DescriptionBlock onHidden={onSettingsChanged} /> : null}
      <p className="playdates__zone">{t('playdates.timeZone', { zone: timeZoneLabel(language) })}</p>
      <PublicSections language={language} premium={premium} onForbidden={forbidden} showTip={showUpcomingTip} onTipHidden={onSettingsChanged} announce={setAnnouncement} />
      <MySection language={language} announce={setAnnouncement} />
      <CamerasSection language={language} premium={premium} onForbidden={forbidden} />
    </div>
  );
}

function DescriptionBlock({ onHidden }: { onHidden: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(false);
  const [failed, setFailed] = useState(false);
  if (hidden) return null;
  const hide = async () => {
    setHidden(true);
    try {
      await hideDescriptionBlock();
      await onHidden();
    } catch {
      setHidden(false);
      setFailed(true);
    }
  };
  return (
    <section className="playdates__explain" aria-labelledby="playdates-explain-title" data-testid="playdates-description">
      <h2 id="playdates-explain-title" className="playdates__section-title">
        {t('playdates.descriptionBlock.title')}
      </h2>
      <p>{t('playdates.descriptionBlock.public')}</p>
      <p>{t('playdates.descriptionBlock.private')}</p>
      {failed ? <FormAlert tone="error">{t('playdates.descriptionBlock.hideFailed')}</FormAlert> : null}
      <button type="button" className="button button--ghost" onClick={() => void hide()}>
        {t('playdates.descriptionBlock.hide')}
      </button>
    </section>
  );
}

function UpcomingTip({ onHidden }: { onHidden: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(false);
  if (hidden) return null;
  const hide = async () => {
    setHidden(true);
    try {
      await hideUpcomingBlock();
      await onHidden();
    } catch {
      // The tip only comes back on the next visit: not worth an error of its own.
    }
  };
  return (
    <div className="playdates__tip" data-testid="playdates-upcoming-tip">
      <p>
        <strong>{t('playdates.upcomingBlock.title')}</strong> {t('playdates.upcomingBlock.text')}
      </p>
      <button type="button" className="button button--ghost" onClick={() => void hide()}>
        {t('playdates.upcomingBlock.hide')}
      </button>
    </div>
  );
}

function CardsSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="playdate-grid">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height="14rem" />
      ))}
    </div>
  );
}

interface PublicSectionsProps {
  language: ReturnType<typeof useContentLanguage>;
  premium: boolean;
  onForbidden: () => void;
  showTip: boolean;
  onTipHidden: () => Promise<unknown>;
  announce: (text: string) => void;
}

function PublicSections({ language, premium, onForbidden, showTip, onTipHidden, announce }: PublicSectionsProps) {
  const { t } = useTranslation();
  const list = usePublicPlaydates();
  const queryClient = useQueryClient();
  const reminder = useSetPlaydateReminder();
  const [reminderError, setReminderError] = useState(false);

  const toggle = (playdate: Playdate) => {
    const on = !playdate.reminder;
    setReminderError(false);
    reminder.mutate(
      { kind: playdate.kind, id: playdate.id, on },
      {
        onSuccess: (answer) => {
          queryClient.setQueryData<PlaydateList>(publicPlaydatesQueryOptions().queryKey, (current) =>
            current ? { items: current.items.map((item) => (item.id === answer.playdate_id ? { ...item, reminder: answer.reminder } : item)) } : current,
          );
          announce(t(answer.reminder ? 'playdates.upcoming.reminderOn' : 'playdates.upcoming.reminderOff', { title: playdate.title }));
        },
        onError: (error) => {
          if (!openRefusalPopup(refusalOfError(error))) setReminderError(true);
        },
      },
    );
  };

  const live = list.data?.items.filter((p) => p.status === 'live') ?? [];
  const upcoming = list.data?.items.filter((p) => p.status === 'scheduled') ?? [];
  const recent = list.data?.items.filter((p) => p.status === 'finished' && p.replay_path !== null) ?? [];
  return (
    <>
      <section className="playdates__section" aria-labelledby="playdates-live-title" data-testid="playdates-live">
        <h2 id="playdates-live-title" className="playdates__section-title">
          {t('playdates.live.title')}
        </h2>
        {list.isPending ? (
          <CardsSkeleton label={t('playdates.loading')} />
        ) : list.isError ? (
          <ErrorState title={t('playdates.errorTitle')} onRetry={() => void list.refetch()} />
        ) : live.length === 0 ? (
          <p className="playdates__empty">{t('playdates.live.empty')}</p>
        ) : (
          <ul className="playdate-grid">
            {live.map((playdate) => (
              <li key={playdate.id}>
                <PublicPlaydateCard playdate={playdate} language={language} premium={premium} onForbidden={onForbidden} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="playdates__section" aria-labelledby="playdates-upcoming-title" data-testid="playdates-upcoming">
        <h2 id="playdates-upcoming-title" className="playdates__section-title">
          {t('playdates.upcoming.title')}
        </h2>
        {showTip ? <UpcomingTip onHidden={onTipHidden} /> : null}
        {reminderError ? <FormAlert tone="error">{t('playdates.upcoming.reminderFailed')}</FormAlert> : null}
        {list.isPending ? null : list.isError ? null : upcoming.length === 0 ? (
          <p className="playdates__empty">{t('playdates.upcoming.empty')}</p>
        ) : (
          <ul className="playdate-grid">
            {upcoming.map((playdate) => (
              <li key={playdate.id}>
                <PublicPlaydateCard
                  playdate={playdate}
                  language={language}
                  premium={premium}
                  onForbidden={onForbidden}
                  onToggleReminder={toggle}
                  reminderBusy={reminder.isPending && reminder.variables?.id === playdate.id}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      {recent.length > 0 ? (
        <section className="playdates__section" aria-labelledby="playdates-recent-title" data-testid="playdates-recent">
          <h2 id="playdates-recent-title" className="playdates__section-title">
            {t('playdates.recentShows.title')}
          </h2>
          <ul className="playdate-grid">
            {recent.map((playdate) => (
              <li key={playdate.id}>
                <PublicPlaydateCard playdate={playdate} language={language} premium={premium} onForbidden={onForbidden} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

function MySection({ language, announce }: { language: ReturnType<typeof useContentLanguage>; announce: (text: string) => void }) {
  const { t } = useTranslation();
  const list = usePrivatePlaydates();
  const queryClient = useQueryClient();
  const cancel = useCancelPrivatePlaydate();
  const [confirming, setConfirming] = useState<Playdate | null>(null);
  const [cancelError, setCancelError] = useState<string | null>(null);

  const confirm = () => {
    if (!confirming) return;
    setCancelError(null);
    cancel.mutate(confirming.id, {
      onSuccess: (cancelled) => {
        queryClient.setQueryData<PlaydateList>(privatePlaydatesQueryOptions().queryKey, (current) =>
          current ? { items: current.items.map((item) => (item.id === cancelled.id ? cancelled : item)) } : current,
        );
        void queryClient.invalidateQueries({ queryKey: privatePlaydatesQueryOptions().queryKey });
        announce(t('playdates.mine.cancelled', { coins: t('playdates.coins', { count: cancelled.coins }) }));
        setConfirming(null);
      },
      onError: () => setCancelError(t('playdates.mine.cancelFailed')),
    });
  };

  return (
    <section className="playdates__section" aria-labelledby="playdates-mine-title" data-testid="playdates-mine">
      <h2 id="playdates-mine-title" className="playdates__section-title">
        {t('playdates.mine.title')}
      </h2>
      {list.isPending ? (
        <div role="status" aria-label={t('playdates.loading')}>
          <Skeleton height="5rem" />
        </div>
      ) : list.isError ? (
        <ErrorState title={t('playdates.errorTitle')} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <p className="playdates__empty">{t('playdates.mine.empty')}</p>
      ) : (
        <ul className="my-playdates">
          {list.data.items.map((playdate) => (
            <MyPlaydateItem key={playdate.id} playdate={playdate} language={language} onCancel={setConfirming} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={t('playdates.mine.confirmTitle', { name: confirming?.model.name ?? '' })}
        description={t('playdates.mine.confirmText', { coins: t('playdates.coins', { count: confirming?.coins ?? 0 }) })}
        confirmLabel={t('playdates.mine.confirm')}
        pendingLabel={t('playdates.mine.cancelling')}
        cancelLabel={t('playdates.mine.keep')}
        pending={cancel.isPending}
        error={cancelError}
        onConfirm={confirm}
        onCancel={() => {
          setConfirming(null);
          setCancelError(null);
        }}
        testId="playdate-cancel-dialog"
      />
    </section>
  );
}

function CamerasSection({ language, premium, onForbidden }: { language: ReturnType<typeof useContentLanguage>; premium: boolean; onForbidden: () => void }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const page = clampPage(searchParams.get('page') ?? 1);
  const cameras = usePlaydateCameras(page);
  return (
    <section className="playdates__section" aria-labelledby="playdates-cameras-title" data-testid="playdates-cameras">
      <h2 id="playdates-cameras-title" className="playdates__section-title">
        {t('playdates.cameras.title')}
      </h2>
      {cameras.isPending ? (
        <CardsSkeleton label={t('playdates.loading')} />
      ) : cameras.isError && !cameras.data ? (
        <ErrorState title={t('playdates.cameras.errorTitle')} onRetry={() => void cameras.refetch()} />
      ) : cameras.data.items.length === 0 ? (
        <StatusMessage title={t('playdates.cameras.empty')} />
      ) : (
        <>
          <ul className="playdate-grid playdate-grid--models" aria-busy={(cameras.isPlaceholderData && cameras.isFetching) || undefined}>
            {cameras.data.items.map((camera) => (
              <li key={camera.camera_id}>
                <PlaydateCameraCard camera={camera} language={language} premium={premium} onForbidden={onForbidden} />
              </li>
            ))}
          </ul>
          <Pagination page={cameras.data.page} pages={cameras.data.pages} hrefFor={(target) => paths.playdates(target)} />
        </>
      )}
    </section>
  );
}
