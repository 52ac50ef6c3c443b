import type { StudioCamera } from '@velora/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { formatDuration } from '@/lib/format';
import { QUALITIES } from '@/lib/webrtc/quality';
import type { LocalMedia } from '@/lib/webrtc/use-local-media';
import type { LiveSession } from '../media/use-live-session';
import { ConnectionHealthCard } from './connection-health-card';

/** Seconds since `since` (ms), ticking every second while `since` is set. */
function useSecondsSince(since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since]);
  return since === null ? 0 : Math.max(0, Math.floor((now - since) / 1000));
}

/** Whole seconds left until `until` (ms), ticking every second while set. */
function useSecondsUntil(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * Devices and quality chosen while on air reach the sender without a new offer: a swapped track is replaced, a new
 * quality changes the bitrate ceiling.
 */
function useLiveDeviceChanges(media: LocalMedia, live: LiveSession) {
  const onAir = live.phase === 'live' || live.phase === 'reconnecting';
  const { stream, quality } = media;
  useEffect(() => {
    const session = live.session();
    if (!onAir || !session || !stream) return;
    void session.replaceTrack('video', stream.getVideoTracks()[0] ?? null).catch(() => undefined);
    void session.replaceTrack('audio', stream.getAudioTracks()[0] ?? null).catch(() => undefined);
  }, [stream, onAir, live]);
  useEffect(() => {
    const session = live.session();
    if (!onAir || !session) return;
    void session.setMaxVideoBitrate(QUALITIES[quality].maxBitrate).catch(() => undefined);
  }, [quality, onAir, live]);
}

interface LivePanelProps {
  camera: StudioCamera;
  media: LocalMedia;
  live: LiveSession;
}

/** Go live, the show's state, time on air, viewers, the connection's health, and stop. */
export function LivePanel({ camera, media, live }: LivePanelProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const goLiveRef = useRef<HTMLButtonElement>(null);
  useLiveDeviceChanges(media, live);
  const onAir = live.phase === 'live' || live.phase === 'reconnecting';
  // The server's start survives a reload of this page; this tab's is there before the first poll.
  const since = camera.session.since !== null ? camera.session.since * 1000 : live.liveSince;
  // On air from somewhere else (OBS, another tab, the demo): she sees it and may stop it, or take over from here.
  const sourceElsewhere = live.phase === 'idle' && camera.session.state !== 'offline' ? camera.session.source : null;
  const seconds = useSecondsSince(onAir || sourceElsewhere ? since : null);
  const secondsLeft = useSecondsUntil(live.phase === 'reconnecting' ? live.reconnectUntil : null);
  const canGoLive = media.status === 'ready' && media.stream !== null;
  const busy = live.phase === 'connecting' || live.phase === 'stopping';

  const goLive = () => {
    if (media.stream) void live.goLive(media.stream, QUALITIES[media.quality].maxBitrate);
  };
  const stop = async () => {
    await live.stop();
    setConfirming(false);
  };

  return (
    <div className="studio-live" data-testid="studio-live">
      <div className="studio-live__status">
        <span className={`studio-phase studio-phase--${sourceElsewhere ? 'live' : live.phase}`} data-testid="studio-phase">
          {t(`studio.live.phase.${sourceElsewhere ? 'live' : live.phase}`)}
        </span>
        {onAir || sourceElsewhere ? (
          <>
            <span>
              {t('studio.live.onAir')}{' '}
              <time dateTime={`PT${seconds}S`} data-testid="studio-on-air">
                {formatDuration(seconds)}
              </time>
            </span>
            <span data-testid="studio-viewers">{t('studio.live.viewers', { count: camera.session.viewers })}</span>
          </>
        ) : null}
      </div>
      {live.phase === 'reconnecting' ? (
        <p className="form-alert form-alert--info" data-testid="studio-reconnecting">
          {live.graceOver ? t('studio.live.reconnectingAfterGrace') : t('studio.live.reconnectingText', { seconds: secondsLeft })}
        </p>
      ) : null}
      {live.problem ? (
        <p className="form-alert form-alert--error" role="alert" data-testid="studio-live-problem">
          {t(`studio.live.problems.${live.problem}`)}
        </p>
      ) : null}
      {sourceElsewhere ? (
        <p className="form-alert form-alert--info" data-testid="studio-live-elsewhere">
          {t('studio.live.liveElsewhere', { source: t(`studio.live.sources.${sourceElsewhere}`) })}
        </p>
      ) : null}
      <div className="form__row">
        {sourceElsewhere ? (
          <button type="button" className="button button--secondary studio-stop" onClick={() => setConfirming(true)}>
            {t('studio.live.stop')}
          </button>
        ) : null}
        {onAir || live.phase === 'stopping' ? (
          <button type="button" className="button button--secondary studio-stop" disabled={busy} onClick={() => setConfirming(true)}>
            {live.phase === 'stopping' ? t('studio.live.stopping') : t('studio.live.stop')}
          </button>
        ) : (
          <button
            ref={goLiveRef}
            type="button"
            className="button button--primary"
            disabled={!canGoLive || busy}
            aria-busy={live.phase === 'connecting' || undefined}
            aria-describedby={canGoLive ? undefined : 'studio-go-live-hint'}
            onClick={goLive}
          >
            {live.phase === 'connecting' ? t('studio.live.connecting') : live.phase === 'ended' ? t('studio.live.goLiveAgain') : t('studio.live.goLive')}
          </button>
        )}
        {canGoLive ? null : (
          <p id="studio-go-live-hint" className="studio-note">
            {t('studio.live.needPreview')}
          </p>
        )}
      </div>
      {onAir ? <ConnectionHealthCard health={live.health} verdict={live.verdict} /> : null}
      <ConfirmDialog
        open={confirming}
        title={t('studio.live.confirmStop.title')}
        description={t('studio.live.confirmStop.text')}
        confirmLabel={t('studio.live.confirmStop.confirm')}
        pendingLabel={t('studio.live.stopping')}
        cancelLabel={t('studio.live.confirmStop.cancel')}
        pending={live.phase === 'stopping'}
        error={null}
        onConfirm={() => void stop()}
        onCancel={() => setConfirming(false)}
        testId="studio-confirm-stop"
        onCloseAutoFocus={(event) => {
          // The stop button is gone once the show has ended: focus the go-live button instead.
          if (!goLiveRef.current) return;
          event.preventDefault();
          goLiveRef.current.focus();
        }}
      />
    </div>
  );
}
