import { useQueryClient } from '@tanstack/react-query';
import type { Language, Playdate, PlaydateStatusEvent } from '@velora/shared';
import { PLAYDATE_EVENTS } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/paths';
import { showPopup } from '@/components/popups/popup-store';
import { Skeleton } from '@/components/skeleton';
import { useCan } from '@/lib/capabilities';
import { useRealtimeEvent } from '@/lib/realtime';
import { useClosestPrivatePlaydate } from './api/get-closest-private-playdate';
import { useClosestPublicPlaydate } from './api/get-closest-public-playdate';
import { usePendingPlaydateRequest } from './api/get-pending-playdate-request';
import { formatPlaydateTime } from './playdate-time';
import './playdate.css';

interface CameraPlaydatesProps {
  cameraId: number;
  modelName: string;
  language: Language;
}

/**
 * The camera page's playdate block: her live or next public show, the member's closest private playdate or waiting
 * request with her, and the way to request one. Premium is checked before a room or the request screen is opened:
 * a member without it gets the playdate-forbiddance popup instead of a guard's redirect.
 */
export function CameraPlaydates({ cameraId, modelName, language }: CameraPlaydatesProps) {
  const { t } = useTranslation();
  const premium = useCan('premium');
  const publicOne = useClosestPublicPlaydate(cameraId);
  const privateOne = useClosestPrivatePlaydate(cameraId);
  const pending = usePendingPlaydateRequest(cameraId);
  const forbidden = () => showPopup('playdate-forbiddance', { reason: 'not_premium' });
  const queryClient = useQueryClient();
  // A playdate of hers or his changed (a show went live, she answered his request): the block follows.
  useRealtimeEvent<PlaydateStatusEvent>(PLAYDATE_EVENTS.status, (event) => {
    if (event.playdate.model.camera_id !== cameraId) return;
    void queryClient.invalidateQueries({ queryKey: ['playdates', 'camera', cameraId] });
  });
  const titleId = `camera-playdates-${cameraId}`;
  const loading = publicOne.isPending || privateOne.isPending || pending.isPending;

  const show = publicOne.data?.playdate ?? null;
  const mine = privateOne.data?.playdate ?? null;
  const waiting = pending.data?.playdate ?? null;

  return (
    <section className="camera-side__block camera-playdates" aria-labelledby={titleId} data-testid="camera-playdates">
      <h2 id={titleId} className="camera-side__title">
        {t('playdates.camera.title', { name: modelName })}
      </h2>
      {loading ? (
        <div role="status" aria-label={t('playdates.camera.loading')}>
          <Skeleton height="1em" width="80%" />
          <Skeleton height="1em" width="60%" />
        </div>
      ) : (
        <>
          {publicOne.isError ? null : show ? (
            <PublicLine playdate={show} language={language} premium={premium} onForbidden={forbidden} />
          ) : (
            <p className="camera-side__muted">{t('playdates.camera.noPublic')}</p>
          )}
          {mine ? (
            <div className="camera-playdates__line">
              <p data-testid="camera-playdates-private">
                {mine.status === 'live' || mine.starts_at === null ? t('playdates.camera.privateLive') : t('playdates.camera.privateNext', { time: formatPlaydateTime(mine.starts_at, language) })}
              </p>
              {mine.status === 'live' ? (
                <Link className="button button--primary" to={paths.privatePlaydate(mine.id)}>
                  {t('playdates.camera.enterRoom')}
                </Link>
              ) : null}
            </div>
          ) : null}
          {waiting ? (
            <div className="camera-playdates__line">
              <p data-testid="camera-playdates-pending">{t('playdates.camera.pending')}</p>
              <Link className="text-link" to={paths.requestPrivatePlaydate(cameraId)}>
                {t('playdates.camera.seePending')}
              </Link>
            </div>
          ) : null}
        </>
      )}
      {premium ? (
        <Link className="button button--secondary" to={paths.requestPrivatePlaydate(cameraId)}>
          {t('playdates.camera.request')}
        </Link>
      ) : (
        <button type="button" className="button button--secondary" onClick={forbidden}>
          {t('playdates.camera.request')}
        </button>
      )}
    </section>
  );
}

function PublicLine({ playdate, language, premium, onForbidden }: { playdate: Playdate; language: Language; premium: boolean; onForbidden: () => void }) {
  const { t } = useTranslation();
  const live = playdate.status === 'live';
  return (
    <div className="camera-playdates__line" data-testid="camera-playdates-public">
      <p>
        {live
          ? t('playdates.camera.publicLive', { title: playdate.title })
          : t('playdates.camera.publicNext', { title: playdate.title, time: playdate.starts_at === null ? '' : formatPlaydateTime(playdate.starts_at, language) })}
      </p>
      {live ? (
        premium ? (
          <Link className="button button--primary" to={paths.publicPlaydate(playdate.id)}>
            {t('playdates.camera.join')}
          </Link>
        ) : (
          <button type="button" className="button button--primary" onClick={onForbidden}>
            {t('playdates.camera.join')}
          </button>
        )
      ) : null}
    </div>
  );
}
