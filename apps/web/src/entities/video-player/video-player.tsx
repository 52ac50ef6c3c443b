import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAutoplay, getVolume, setAutoplay, setVolume } from '@/lib/storage';
import { formatClock } from './format-time';
import { QualityMenu } from './quality-menu';
import type { PlayerErrorKind } from './use-hls-source';
import { useHlsSource } from './use-hls-source';
import '@/components/tooltip.css';
import './video-player.css';

export interface VideoPlayerProps {
  /** The HLS master playlist (signed by the server). */
  src: string;
  /** Names the player for assistive technology. */
  title: string;
  poster?: string | undefined;
  /** Start playing once loaded; the stored preference (SPEC §3, default true) when left out. */
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

const SEEK_STEP_S = 5;
const VOLUME_STEP = 0.1;
const IDLE_AFTER_MS = 2500;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

const ICONS = {
  play: <path d="M8 5.5v13l10.5-6.5L8 5.5Z" fill="currentColor" />,
  pause: <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />,
  volume: (
    <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4v-5Zm11 .2a3.5 3.5 0 0 1 0 4.6M17.5 7.5a7 7 0 0 1 0 9" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
  ),
  muted: (
    <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4v-5Zm11.5 0 5 5m0-5-5 5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
  ),
  fullscreen: <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />,
  exitFullscreen: <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />,
  pip: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <rect x="12" y="11" width="7" height="6" rx="1" fill="currentColor" />
    </>
  ),
  autoplay: <path d="M5 6.5v11l7-5.5-7-5.5Zm8 0v11l7-5.5-7-5.5Z" fill="currentColor" />,
};

function errorKey(kind: PlayerErrorKind) {
  switch (kind) {
    case 'expired':
      return 'player.errorExpired' as const;
    case 'unsupported':
      return 'player.errorUnsupported' as const;
    case 'media':
      return 'player.errorMedia' as const;
    default:
      return 'player.errorNetwork' as const;
  }
}

/**
 * An adaptive (HLS) video player with its own accessible controls. Keyboard, while focus is in the
 * player: Space or K play/pause, Left/Right seek 5 s, Up/Down volume, F full screen, M mute.
 * Volume, quality and autoplay are remembered (SPEC §3).
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

  const [playing, setPlaying] = useState(false);
  const [waiting, setWaiting] = useState(true);
  const [currentTime, setCurrentTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [bufferedEnd, setBufferedEnd] = useState(0);
  const [volume, setVolumeState] = useState(getVolume);
  const [muted, setMuted] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [pip, setPip] = useState(false);
  const [idle, setIdle] = useState(false);
  const idleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pipSupported = typeof document !== 'undefined' && document.pictureInPictureEnabled === true;
  const fullscreenSupported = typeof document !== 'undefined' && document.fullscreenEnabled === true;

  const callbacks = useRef({ onProgress, onPause, onEnded, onPictureInPictureChange, onAutoplayChange });
  callbacks.current = { onProgress, onPause, onEnded, onPictureInPictureChange, onAutoplayChange };

  // The stored volume applies before anything plays.
  useEffect(() => {
    const video = videoRef.current;
    if (video) video.volume = getVolume();
  }, []);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === wrapperRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return undefined;
    const onEnter = () => {
      setPip(true);
      callbacks.current.onPictureInPictureChange?.(true);
    };
    const onLeave = () => {
      setPip(false);
      callbacks.current.onPictureInPictureChange?.(false);
    };
    video.addEventListener('enterpictureinpicture', onEnter);
    video.addEventListener('leavepictureinpicture', onLeave);
    return () => {
      video.removeEventListener('enterpictureinpicture', onEnter);
      video.removeEventListener('leavepictureinpicture', onLeave);
    };
  }, []);

  useEffect(() => () => clearTimeout(idleTimer.current), []);

  const wake = useCallback(() => {
    setIdle(false);
    clearTimeout(idleTimer.current);
    idleTimer.current = setTimeout(() => setIdle(true), IDLE_AFTER_MS);
  }, []);

  const togglePlay = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused || video.ended) void video.play().catch(() => undefined);
    else video.pause();
  }, []);

  const seekBy = (delta: number) => {
    const video = videoRef.current;
    if (!video || !Number.isFinite(video.duration)) return;
    video.currentTime = clamp(video.currentTime + delta, 0, video.duration);
  };

  const changeVolume = (next: number) => {
    const video = videoRef.current;
    if (!video) return;
    video.volume = clamp(Math.round(next * 100) / 100, 0, 1);
    video.muted = video.volume === 0;
  };

  const toggleMute = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.muted && video.volume === 0) video.volume = 1;
    video.muted = !video.muted;
  };

  const toggleFullscreen = () => {
    const wrapper = wrapperRef.current;
    if (!wrapper) return;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void wrapper.requestFullscreen?.().catch(() => undefined);
  };

  const togglePip = () => {
    const video = videoRef.current;
    if (!video) return;
    if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => undefined);
    else void video.requestPictureInPicture?.().catch(() => undefined);
  };

  const toggleAutoplay = () => {
    const next = !autoplayPreference;
    setAutoplayPreference(next);
    setAutoplay(next);
    callbacks.current.onAutoplayChange?.(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    const target = event.target as HTMLElement;
    const isButton = target.tagName === 'BUTTON';
    const range = target instanceof HTMLInputElement && target.type === 'range' ? target : null;
    const onVolumeSlider = range?.dataset.control === 'volume';
    const onSeekSlider = range?.dataset.control === 'seek';
    let handled = true;
    switch (event.key) {
      case ' ':
        // A focused button answers Space itself.
        if (isButton || range) handled = false;
        else togglePlay();
        break;
      case 'k':
      case 'K':
        togglePlay();
        break;
      case 'ArrowLeft':
      case 'ArrowRight':
        if (onVolumeSlider) handled = false;
        else seekBy(event.key === 'ArrowLeft' ? -SEEK_STEP_S : SEEK_STEP_S);
        break;
      case 'ArrowUp':
      case 'ArrowDown':
        if (onVolumeSlider || onSeekSlider) handled = false;
        else changeVolume((videoRef.current?.volume ?? volume) + (event.key === 'ArrowUp' ? VOLUME_STEP : -VOLUME_STEP));
        break;
      case 'f':
      case 'F':
        toggleFullscreen();
        break;
      case 'm':
      case 'M':
        toggleMute();
        break;
      default:
        handled = false;
    }
    if (handled) {
      event.preventDefault();
      wake();
    }
  };

  const seekMax = duration > 0 ? duration : 0;
  const timeText = t('player.timeOf', { current: formatClock(currentTime), total: formatClock(duration) });
  const showSpinner = source.status === 'refreshing' || (source.status !== 'error' && waiting);
  const hasQualities = source.options.length > 1;

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
      onKeyDown={onKeyDown}
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
        onPlay={() => setPlaying(true)}
        onPause={(event) => {
          setPlaying(false);
          const v = event.currentTarget;
          // A pause at the very end is followed by "ended", which reports on its own.
          if (!v.ended) callbacks.current.onPause?.(v.currentTime, v.duration);
        }}
        onEnded={(event) => {
          setPlaying(false);
          callbacks.current.onEnded?.(event.currentTarget.duration);
        }}
        onWaiting={() => setWaiting(true)}
        onPlaying={() => setWaiting(false)}
        onCanPlay={() => setWaiting(false)}
        onTimeUpdate={(event) => {
          const v = event.currentTarget;
          setCurrentTime(v.currentTime);
          if (!v.paused) callbacks.current.onProgress?.(v.currentTime, v.duration);
        }}
        onDurationChange={(event) => setDuration(Number.isFinite(event.currentTarget.duration) ? event.currentTarget.duration : 0)}
        onProgress={(event) => {
          const { buffered, currentTime: now } = event.currentTarget;
          for (let i = 0; i < buffered.length; i += 1) {
            if (buffered.start(i) <= now + 0.5 && buffered.end(i) >= now) setBufferedEnd(buffered.end(i));
          }
        }}
        onVolumeChange={(event) => {
          const v = event.currentTarget;
          setVolumeState(v.volume);
          setMuted(v.muted);
          setVolume(v.volume);
        }}
      />

      {showSpinner ? (
        <div className="video-player__spinner" role="status">
          <span className="visually-hidden">{source.status === 'refreshing' ? t('player.refreshing') : t('player.buffering')}</span>
        </div>
      ) : null}

      {source.status === 'error' && source.error ? (
        <div className="video-player__error" role="alert">
          <p>{t(errorKey(source.error))}</p>
          {source.error !== 'unsupported' ? (
            <button type="button" className="button button--primary button--small" onClick={source.retry}>
              {t('common.retry')}
            </button>
          ) : null}
        </div>
      ) : null}

      {source.autoMuted && muted ? (
        <button type="button" className="video-player__unmute" onClick={toggleMute}>
          <Icon>{ICONS.muted}</Icon>
          {t('player.tapToUnmute')}
        </button>
      ) : null}

      {overlay}

      <div className="video-player__controls">
        <input
          type="range"
          className="video-player__seek"
          data-control="seek"
          min={0}
          max={seekMax}
          step={0.1}
          value={Math.min(currentTime, seekMax)}
          disabled={seekMax === 0}
          aria-label={t('player.seek')}
          aria-valuetext={timeText}
          style={{ '--played': `${seekMax ? (currentTime / seekMax) * 100 : 0}%`, '--buffered': `${seekMax ? (bufferedEnd / seekMax) * 100 : 0}%` } as CSSProperties}
          onChange={(event) => {
            if (videoRef.current) videoRef.current.currentTime = Number(event.target.value);
          }}
        />
        <div className="video-player__bar">
          <button
            type="button"
            className="video-player__button"
            onClick={togglePlay}
            aria-label={playing ? t('player.pause') : t('player.play')}
            data-tooltip={playing ? t('player.pause') : t('player.play')}
            data-tooltip-align="start"
          >
            <Icon>{playing ? ICONS.pause : ICONS.play}</Icon>
          </button>
          <div className="video-player__volume">
            <button
              type="button"
              className="video-player__button"
              onClick={toggleMute}
              aria-label={muted ? t('player.unmute') : t('player.mute')}
              data-tooltip={muted ? t('player.unmute') : t('player.mute')}
              data-tooltip-align="start"
            >
              <Icon>{muted || volume === 0 ? ICONS.muted : ICONS.volume}</Icon>
            </button>
            {compact ? null : (
              <input
                type="range"
                className="video-player__volume-slider"
                data-control="volume"
                min={0}
                max={1}
                step={0.05}
                value={muted ? 0 : volume}
                aria-label={t('player.volume')}
                aria-valuetext={`${Math.round((muted ? 0 : volume) * 100)}%`}
                onChange={(event) => changeVolume(Number(event.target.value))}
              />
            )}
          </div>
          <span className="video-player__time" aria-hidden="true">
            {formatClock(currentTime)} / {formatClock(duration)}
          </span>
          <span className="video-player__spacer" />
          {compact ? null : (
            <button
              type="button"
              className="video-player__button video-player__toggle"
              aria-pressed={autoplayPreference}
              onClick={toggleAutoplay}
              aria-label={t('player.autoplay')}
              data-tooltip={autoplayPreference ? t('player.autoplayOn') : t('player.autoplayOff')}
              data-tooltip-align="end"
            >
              <Icon>{ICONS.autoplay}</Icon>
            </button>
          )}
          {hasQualities && !compact ? (
            <QualityMenu options={source.options} selected={source.selected} playingHeight={source.playingHeight} onSelect={source.selectQuality} />
          ) : null}
          {pipSupported ? (
            <button
              type="button"
              className="video-player__button"
              onClick={togglePip}
              aria-label={pip ? t('player.exitPictureInPicture') : t('player.pictureInPicture')}
              data-tooltip={pip ? t('player.exitPictureInPicture') : t('player.pictureInPicture')}
              data-tooltip-align="end"
            >
              <Icon>{ICONS.pip}</Icon>
            </button>
          ) : null}
          {fullscreenSupported && !compact ? (
            <button
              type="button"
              className="video-player__button"
              onClick={toggleFullscreen}
              aria-label={fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}
              data-tooltip={fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}
              data-tooltip-align="end"
            >
              <Icon>{fullscreen ? ICONS.exitFullscreen : ICONS.fullscreen}</Icon>
            </button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
