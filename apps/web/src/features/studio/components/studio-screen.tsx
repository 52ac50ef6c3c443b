import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/skeleton';
import { ErrorState } from '@/components/status-message';
import { useStudioCamera } from '../api/get-studio-camera';
import type { LiveSessionOptions } from '../media/use-live-session';
import { useLiveSession } from '../media/use-live-session';
import { useLocalMedia } from '@/lib/webrtc/use-local-media';
import { CameraPreview } from './camera-preview';
import { StudioChatPanel } from './chat/studio-chat-panel';
import { LivePanel } from './live-panel';
import { ObsPanel } from './obs-panel';
import { PlaydatesPanel } from './playdates/playdates-panel';
import { SchedulePanel } from './schedule-panel';
import { SettingsForm } from './settings-form';

/** Asks before the tab is closed while on air (closing it ends the show). */
function useWarnBeforeLeaving(onAir: boolean) {
  useEffect(() => {
    if (!onAir) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [onAir]);
}

/** The studio once she is known to be a model: her camera, preview and going live, settings, OBS and schedule. */
export function StudioScreen({ liveOptions }: { liveOptions?: LiveSessionOptions }) {
  const { t } = useTranslation();
  const media = useLocalMedia();
  const live = useLiveSession(liveOptions);
  const onAir = live.phase === 'live' || live.phase === 'reconnecting';
  const [serverLive, setServerLive] = useState(false);
  // Polled while on air from here or, as the server last said, from elsewhere (OBS): viewers and the end show up.
  const camera = useStudioCamera({ polling: onAir || serverLive });
  const serverState = camera.data?.session.state;
  useEffect(() => setServerLive(serverState !== undefined && serverState !== 'offline'), [serverState]);
  useWarnBeforeLeaving(onAir);
  // On air (or off again): the server's view of the session at once, not at the next poll.
  const { refetch } = camera;
  useEffect(() => {
    if (live.phase === 'live' || live.phase === 'ended') void refetch();
  }, [live.phase, refetch]);

  // One polite live region says what changed, so a screen reader hears "You are live" without looking for it.
  const [announcement, setAnnouncement] = useState('');
  const previousPhase = useRef(live.phase);
  useEffect(() => {
    if (previousPhase.current === live.phase) return;
    previousPhase.current = live.phase;
    if (live.phase === 'connecting' || live.phase === 'live' || live.phase === 'reconnecting' || live.phase === 'ended') {
      const seconds = live.reconnectUntil === null ? 0 : Math.max(0, Math.ceil((live.reconnectUntil - Date.now()) / 1000));
      setAnnouncement(t(`studio.live.announce.${live.phase}`, { seconds }));
    }
  }, [live.phase, live.reconnectUntil, t]);
  // Still reconnecting when her room's grace period runs out: her viewers were told the show ended.
  useEffect(() => {
    if (live.graceOver) setAnnouncement(t('studio.live.announce.graceOver'));
  }, [live.graceOver, t]);

  if (camera.isPending) {
    return (
      <div className="studio-loading" role="status" aria-label={t('studio.loading')}>
        <Skeleton height="14em" width="100%" />
        <Skeleton height="1.4em" width="45%" />
        <Skeleton height="8em" width="100%" />
      </div>
    );
  }
  if (camera.isError || !camera.data) return <ErrorState title={t('studio.loadFailed')} onRetry={() => void camera.refetch()} />;
  const data = camera.data;

  return (
    <div className="studio-layout">
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="studio-announcer">
        {announcement}
      </div>
      {/* Her chat sits beside the live controls on a wide screen and under them on a phone. */}
      <div className="studio-live-row">
        <section className="studio-card" aria-labelledby="studio-stage-title">
          <h2 id="studio-stage-title" className="studio-card__title">
            {t('studio.preview.title')}
          </h2>
          <p className="studio-card__intro">{t('studio.preview.intro')}</p>
          <CameraPreview media={media} />
          <LivePanel camera={data} media={media} live={live} />
        </section>
        <StudioChatPanel camera={data.camera} />
      </div>
      <PlaydatesPanel />
      {/* Keyed by camera: the form starts from the stored values. */}
      <SettingsForm key={data.camera.id} camera={data} />
      <ObsPanel camera={data} />
      <SchedulePanel camera={data} />
    </div>
  );
}
