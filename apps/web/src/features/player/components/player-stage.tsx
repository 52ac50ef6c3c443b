import type { UseQueryResult } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import type { VideoDetail } from '@velora/shared';
import type { ReactNode } from 'react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showPopup } from '@/components/popups/popup-store';
import { loadHls } from '@/entities/video-player/use-hls-source';
import { VideoPlayer } from '@/entities/video-player/video-player';
import { isApiError } from '@/lib/http';
import { playbacksQueryOptions, usePlaybacks } from '../api/get-playbacks';
import { videoQueryOptions } from '../api/get-video';
import { resumePosition } from '../resume-position';
import { usePlaybackReporter } from '../use-playback-reporter';
import { useUpNext } from '../use-up-next';
import { UpNextCountdown } from './up-next';

/** Why a video does not play for this member: the locked state says which. */
export type LockReason = 'premium' | 'trailer-only' | 'unavailable';

const LOCKED_TEXT = {
  premium: 'player.lockedPremiumText',
  'trailer-only': 'player.lockedTrailerText',
  unavailable: 'player.lockedUnavailableText',
} as const;

interface PlayerStageProps {
  videoId: number;
  detail: UseQueryResult<VideoDetail>;
  docked: boolean;
  lockReason: LockReason;
  onBrowserPictureInPicture: (active: boolean) => void;
}

function StageMessage({ title, text, action, tone = 'info', poster }: { title: string; text?: string; action?: ReactNode; tone?: 'info' | 'error'; poster?: string | undefined }) {
  return (
    <div className={`player-stage__message player-stage__message--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {poster ? <img className="player-stage__poster" src={poster} alt="" aria-hidden="true" /> : null}
      <div className="player-stage__message-body">
        <p className="player-stage__message-title">{title}</p>
        {text ? <p className="player-stage__message-text">{text}</p> : null}
        {action ? <div className="player-stage__message-action">{action}</div> : null}
      </div>
    </div>
  );
}

/** The player area: the player itself, or why it cannot play yet (loading, locked, being prepared). */
export function PlayerStage({ videoId, detail, docked, lockReason, onBrowserPictureInPicture }: PlayerStageProps) {
  const { t } = useTranslation();
  const { data: video, isPending, isError, error, refetch, isFetching } = detail;
  const ready = video?.playable === true && video.hls_url !== null;
  // Asked together with the detail, so the player can start as soon as the detail allows it.
  const playbacks = usePlaybacks(videoId, video?.playable !== false);
  const queryClient = useQueryClient();

  // The player library loads meanwhile too.
  useEffect(() => {
    loadHls().catch(() => undefined);
  }, []);

  // A resume position fetched ahead by a card (playback-prefetcher.ts) is stale once this player reported its own.
  useEffect(() => () => queryClient.removeQueries({ queryKey: playbacksQueryOptions(videoId).queryKey, exact: true }), [queryClient, videoId]);

  if (isPending || (ready && playbacks.isPending)) {
    return (
      <div className="player-stage player-stage--loading" role="status">
        <span className="visually-hidden">{t('player.loadingVideo')}</span>
      </div>
    );
  }
  if (isError || !video) {
    const missing = isApiError(error, 404);
    return (
      <div className="player-stage">
        <StageMessage
          tone="error"
          title={missing ? t('player.notFoundTitle') : t('player.loadFailedTitle')}
          text={missing ? t('player.notFoundText') : t('player.loadFailedText')}
          action={
            missing ? null : (
              <button type="button" className="button button--primary button--small" onClick={() => void refetch()}>
                {t('common.retry')}
              </button>
            )
          }
        />
      </div>
    );
  }
  if (!video.playable) {
    return (
      <div className="player-stage" data-testid="player-locked">
        <StageMessage
          poster={video.thumbnail}
          title={t('player.lockedTitle')}
          text={t(LOCKED_TEXT[lockReason])}
          action={
            lockReason === 'unavailable' ? null : (
              // The membership offer opens over the player (product §4 decides whether it shows, or /paywall instead).
              <button type="button" className="button button--primary button--small" onClick={() => showPopup('buy-subscription')}>
                {t('player.lockedAction')}
              </button>
            )
          }
        />
      </div>
    );
  }
  if (video.hls_url === null) {
    return (
      <div className="player-stage" data-testid="player-preparing">
        <StageMessage
          poster={video.thumbnail}
          title={t('player.preparingTitle')}
          text={t('player.preparingText')}
          action={
            <button type="button" className="button button--secondary button--small" disabled={isFetching} onClick={() => void refetch()}>
              {t('player.preparingRetry')}
            </button>
          }
        />
      </div>
    );
  }
  return (
    <div className="player-stage">
      <PinnedPlayer
        key={videoId}
        video={video}
        src={video.hls_url}
        startAt={resumePosition(playbacks.data?.position, video.duration)}
        docked={docked}
        onBrowserPictureInPicture={onBrowserPictureInPicture}
      />
    </div>
  );
}

interface PinnedPlayerProps {
  video: VideoDetail;
  src: string;
  startAt: number;
  docked: boolean;
  onBrowserPictureInPicture: (active: boolean) => void;
}

/**
 * Keeps the URL the player started with: every fetch of the detail signs a new one, and a
 * refetch (a favourite toggled) must not restart the film. After a 403 the player asks for a
 * fresh one itself.
 */
function PinnedPlayer({ video, src, startAt, docked, onBrowserPictureInPicture }: PinnedPlayerProps) {
  const queryClient = useQueryClient();
  const [pinnedSrc] = useState(src);
  const reporter = usePlaybackReporter(video.id);
  const upNext = useUpNext(video.id);
  const counting = upNext.state.status === 'counting';
  const refreshSource = useCallback(
    async () => (await queryClient.fetchQuery({ ...videoQueryOptions(video.id), staleTime: 0 })).hls_url,
    [queryClient, video.id],
  );
  return (
    <VideoPlayer
      src={pinnedSrc}
      title={video.title}
      poster={video.thumbnail}
      startAt={startAt}
      compact={docked}
      onProgress={(seconds, duration) => {
        // Played again after the end: the member stays with this video.
        if (counting) upNext.cancel();
        reporter.onProgress(seconds, duration);
      }}
      onPause={reporter.onPause}
      onEnded={(duration) => {
        reporter.onEnded(duration);
        // Docked, the member is busy with the page: the mini player does not move on by itself.
        if (!docked) upNext.start();
      }}
      onAutoplayChange={(on) => {
        if (!on) upNext.cancel();
      }}
      overlay={
        upNext.state.status === 'counting' && !docked ? (
          <UpNextCountdown video={upNext.state.video} remaining={upNext.state.remaining} onPlayNow={upNext.playNow} onCancel={upNext.cancel} />
        ) : null
      }
      refreshSource={refreshSource}
      onPictureInPictureChange={onBrowserPictureInPicture}
    />
  );
}
