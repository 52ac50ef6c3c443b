import { useQueryClient } from '@tanstack/react-query';
import type { Playdate, PlaydateStatusEvent, PlaydateStatusView } from '@velora/shared';
import { PLAYDATE_EVENTS } from '@velora/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/paths';
import { FormAlert } from '@/components/form-alert';
import { formatCountdown, formatPlaydateTime, useServerCountdown } from '@/entities/playdate/playdate-time';
import { isApiError } from '@/lib/http';
import { useContentLanguage } from '@/lib/content-language';
import { useRealtimeConnected, useRealtimeEvent } from '@/lib/realtime';
import { cancelPrivatePlaydate } from '../api/cancel-private-playdate';
import { playdateStatusQueryOptions, usePlaydateStatus } from '../api/get-playdate-status';
import { privatePlaydatesQueryOptions } from '../api/get-private-playdates';
import '../playdates.css';

/** While the realtime channel is down, the status is asked this often instead. */
export const STATUS_POLL_MS = 10_000;

const ENDED = ['declined', 'expired', 'cancelled', 'missed', 'finished'] as const;

function viewOf(playdate: Playdate): PlaydateStatusView {
  return {
    id: playdate.id,
    kind: playdate.kind,
    status: playdate.status,
    starts_at: playdate.starts_at,
    ends_at: playdate.ends_at,
    expires_at: playdate.expires_at,
    extendable_until: playdate.extendable_until,
    model_present: false,
    now: Math.floor(Date.now() / 1000),
  };
}

/**
 * After a request: follows its status live (PLAYDATE_EVENTS.status; GET /playdates/private/status/{id} on arrival
 * and, while the realtime channel is down, every STATUS_POLL_MS). Says the answer as it comes (a polite live region):
 * accepted with its start, live with the way into the room, declined or expired with the coins released.
 */
export function WaitingView({ playdate, onAgain }: { playdate: Playdate; onAgain: () => void }) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const queryClient = useQueryClient();
  const connected = useRealtimeConnected();
  const status = usePlaydateStatus(playdate.id, connected ? false : STATUS_POLL_MS);
  const [cancelling, setCancelling] = useState(false);
  const [cancelFailed, setCancelFailed] = useState(false);
  const statusKey = playdateStatusQueryOptions(playdate.id).queryKey;

  useRealtimeEvent<PlaydateStatusEvent>(PLAYDATE_EVENTS.status, (event) => {
    if (event.playdate.id !== playdate.id) return;
    queryClient.setQueryData(statusKey, event.status);
    void queryClient.invalidateQueries({ queryKey: privatePlaydatesQueryOptions().queryKey, refetchType: 'none' });
  });

  const view = status.data ?? viewOf(playdate);
  const name = playdate.model.name;
  const coins = t('playdates.coins', { count: playdate.coins });
  const target = view.status === 'requested' ? view.expires_at : view.status === 'scheduled' ? view.starts_at : null;
  const left = useServerCountdown(target, view.now);
  const ended = (ENDED as readonly string[]).includes(view.status);

  const cancel = async () => {
    setCancelling(true);
    setCancelFailed(false);
    try {
      const cancelled = await cancelPrivatePlaydate(playdate.id);
      queryClient.setQueryData(statusKey, { ...view, status: cancelled.status });
      void queryClient.invalidateQueries({ queryKey: privatePlaydatesQueryOptions().queryKey });
    } catch (error) {
      // 409: it changed meanwhile (accepted, declined): the status says what it is now.
      if (isApiError(error, 409)) void status.refetch();
      else setCancelFailed(true);
    } finally {
      setCancelling(false);
    }
  };

  const sentence = (() => {
    switch (view.status) {
      case 'requested':
        return t('playdates.waiting.requested', { name });
      case 'scheduled':
        return t('playdates.waiting.scheduled', { name, time: view.starts_at === null ? t('playdates.mine.asap') : formatPlaydateTime(view.starts_at, language) });
      case 'live':
        return t('playdates.waiting.live', { name });
      case 'finished':
        return t('playdates.waiting.finished', { name });
      default:
        return t(`playdates.waiting.${view.status}`, { name, coins });
    }
  })();

  return (
    <div className="page playdate-waiting" data-testid="request-waiting">
      <h1 className="page-header__title">{t('playdates.waiting.title', { name })}</h1>
      <div className="playdate-waiting__card">
        <p className={`playdate-status playdate-status--${view.status}`} data-testid="waiting-status-badge">
          {t(`playdates.status.${view.status}`)}
        </p>
        <p className="playdate-waiting__sentence" role="status" aria-live="polite" data-testid="waiting-status">
          {sentence}
        </p>
        <p className="playdate-card__time">
          {t('playdates.minutes', { count: playdate.duration_minutes })} · {coins}
        </p>
        {left !== null && left > 0 ? (
          <p className="playdate-card__time" data-testid="waiting-countdown">
            {view.status === 'requested' ? t('playdates.waiting.expiresIn', { left: formatCountdown(left) }) : t('playdates.waiting.startsIn', { left: formatCountdown(left) })}
          </p>
        ) : null}
        {cancelFailed ? <FormAlert tone="error">{t('playdates.mine.cancelFailed')}</FormAlert> : null}
        <div className="playdate-popup__actions">
          {view.status === 'live' ? (
            <Link className="button button--primary" to={paths.privatePlaydate(playdate.id)}>
              {t('playdates.waiting.enterRoom')}
            </Link>
          ) : null}
          {view.status === 'requested' || view.status === 'scheduled' ? (
            <button type="button" className="button button--secondary" disabled={cancelling} aria-busy={cancelling || undefined} onClick={() => void cancel()}>
              {cancelling ? t('playdates.mine.cancelling') : view.status === 'requested' ? t('playdates.waiting.cancel') : t('playdates.mine.cancelPlaydate')}
            </button>
          ) : null}
          {ended && view.status !== 'finished' ? (
            <button type="button" className="button button--primary" onClick={onAgain}>
              {t('playdates.waiting.again')}
            </button>
          ) : null}
          <Link className="button button--ghost" to={paths.playdates()}>
            {t('playdates.backToOverview')}
          </Link>
        </div>
      </div>
    </div>
  );
}
