import type { ReactNode } from 'react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAutoplay, setAutoplay } from '@/lib/storage';
import * as media from './media-actions';
import { PlayerControls } from './player-controls';
import { onPlayerKey } from './player-keys';
import { PlayerStatus } from './player-status';
import { useHlsSource } from './use-hls-source';
import { usePlaybackProgress } from './use-playback-progress';
import { useFullscreen, useIdle, usePictureInPicture } from './use-player-window';
import '@/components/tooltip.css';
import './video-player.css';

export interface VideoPlayerProps {
  /** The HLS master playlist (signed by the server). */
  src: string;
  /** Names the player for assistive technology. */
  title: string;
  poster?: string | undefined;
  /** Start playing once loaded; the stored preference (product §3, default true) when left out. */
  autoPlay?: boolean | undefined;
  /** Seconds to start at (resume). */
  startAt?: number | undefined;
  /** About four times a second while playing. */
  onProgress?: ((seconds: number, duration: number) => void) | undefined;
  onPause?: ((seconds: number, duration: number) => void) | undefined;
  onEnded?: ((duration: number) => void) | undefined;
  /** A fresh signed URL after a 403 (see useHlsSource). */
  refreshSource?: (() => Promise<string | null | undefined>) | undefined;
  /** The browser's picture-in-picture window opened or closed. */
  onPictureInPictureChange?: ((active: boolean) => void) | undefined;
  /** Fewer controls, for a small docked player. */
  compact?: boolean | undefined;
  /** Drawn over the picture, under the controls (e.g. what plays next); inside, so it shows in full screen too. */
  overlay?: ReactNode;
  /** The member switched autoplay on or off with the player's toggle. */
  onAutoplayChange?: ((on: boolean) => void) | undefined;
}

/**
 * An adaptive (HLS) video player with its own accessible controls. Keyboard, while focus is in the
 * player: Space or K play/pause, Left/Right seek 5 s, Up/Down volume, F full screen, M mute.
 * Volume, quality and autoplay are remembered (product §3).
 */
export function VideoPlayer({
  src,
  title,
  poster,
  autoPlay,
  startAt = 0,
  onProgress,
  onPause,
  onEnded,
  refreshSource,
  onPictureInPictureChange,
  compact = false,
  overlay,
  onAutoplayChange,
}: VideoPlayerProps) {
  const { t } = useTranslation();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [autoplayPreference, setAutoplayPreference] = useState(getAutoplay);
  const [initialAutoPlay] = useState(() => autoPlay ?? autoplayPreference);
  const source = useHlsSource(videoRef, { src, startAt, autoPlay: initialAutoPlay, refreshSource });

  const callbacks = useRef({ onProgress, onPause, onEnded, onPictureInPictureChange, onAutoplayChange });
  callbacks.current = { onProgress, onPause, onEnded, onPictureInPictureChange, onAutoplayChange };

  const playback = usePlaybackProgress(videoRef, callbacks);
  const { playing, muted } = playback;
  const fullscreen = useFullscreen(wrapperRef);
  const pip = usePictureInPicture(videoRef, callbacks);
  const { idle, wake } = useIdle();

  const togglePlay = useCallback(() => media.togglePlay(videoRef.current), []);
  const toggleMute = () => media.toggleMute(videoRef.current);
  const changeVolume = (next: number) => media.changeVolume(videoRef.current, next);
  const toggleFullscreen = () => media.toggleFullscreen(wrapperRef.current);

  const toggleAutoplay = () => {
    const next = !autoplayPreference;
    setAutoplayPreference(next);
    setAutoplay(next);
    callbacks.current.onAutoplayChange?.(next);
  };

  return (
    <div
      ref={wrapperRef}
      className={[
        'video-player',
        compact ? 'video-player--compact' : '',
        playing ? 'is-playing' : 'is-paused',
        idle && playing ? 'is-idle' : '',
        fullscreen ? 'is-fullscreen' : '',
      ]
        .filter(Boolean)
        .join(' ')}
      data-testid="video-player"
      role="group"
      aria-label={t('player.label', { title })}
      tabIndex={-1}
      onKeyDown={(event) =>
        onPlayerKey(event, {
          togglePlay,
          seekBy: (delta) => media.seekBy(videoRef.current, delta),
          changeVolume,
          volume: () => videoRef.current?.volume ?? playback.volume,
          toggleFullscreen,
          toggleMute,
          wake,
        })
      }
      onPointerMove={wake}
      onFocus={wake}
    >
      <video
        ref={videoRef}
        className="video-player__media"
        poster={poster}
        playsInline
        preload="auto"
        aria-label={title}
        onClick={togglePlay}
        onDoubleClick={compact ? undefined : toggleFullscreen}
        {...playback.mediaEvents}
      />

      <PlayerStatus source={source} waiting={playback.waiting} muted={muted} onUnmute={toggleMute} />

      {overlay}

      <PlayerControls
        source={source}
        compact={compact}
        playing={playing}
        currentTime={playback.currentTime}
        duration={playback.duration}
        bufferedEnd={playback.bufferedEnd}
        volume={playback.volume}
        muted={muted}
        fullscreen={fullscreen}
        pip={pip}
        autoplay={autoplayPreference}
        onTogglePlay={togglePlay}
        onSeek={(seconds) => {
          if (videoRef.current) videoRef.current.currentTime = seconds;
        }}
        onToggleMute={toggleMute}
        onChangeVolume={changeVolume}
        onToggleAutoplay={toggleAutoplay}
        onTogglePip={() => media.togglePip(videoRef.current)}
        onToggleFullscreen={toggleFullscreen}
      />
    </div>
  );
}
