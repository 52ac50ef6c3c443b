import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from './format-time';
import { Icon, ICONS } from './player-icons';
import { QualityMenu } from './quality-menu';
import type { HlsSource } from './use-hls-source';

interface PlayerControlsProps {
  source: HlsSource;
  /** Fewer controls, for a small docked player. */
  compact: boolean;
  playing: boolean;
  currentTime: number;
  duration: number;
  bufferedEnd: number;
  volume: number;
  muted: boolean;
  fullscreen: boolean;
  pip: boolean;
  autoplay: boolean;
  onTogglePlay: () => void;
  onSeek: (seconds: number) => void;
  onToggleMute: () => void;
  onChangeVolume: (volume: number) => void;
  onToggleAutoplay: () => void;
  onTogglePip: () => void;
  onToggleFullscreen: () => void;
}

/** The bar under the picture: the seek slider, then play, volume, time, autoplay, quality, picture-in-picture, full screen. */
export function PlayerControls({
  source,
  compact,
  playing,
  currentTime,
  duration,
  bufferedEnd,
  volume,
  muted,
  fullscreen,
  pip,
  autoplay,
  onTogglePlay,
  onSeek,
  onToggleMute,
  onChangeVolume,
  onToggleAutoplay,
  onTogglePip,
  onToggleFullscreen,
}: PlayerControlsProps) {
  const { t } = useTranslation();
  const pipSupported = typeof document !== 'undefined' && document.pictureInPictureEnabled === true;
  const fullscreenSupported = typeof document !== 'undefined' && document.fullscreenEnabled === true;
  const seekMax = duration > 0 ? duration : 0;
  const timeText = t('player.timeOf', { current: formatClock(currentTime), total: formatClock(duration) });
  const hasQualities = source.options.length > 1;

  return (
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
        onChange={(event) => onSeek(Number(event.target.value))}
      />
      <div className="video-player__bar">
        <button
          type="button"
          className="video-player__button"
          onClick={onTogglePlay}
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
            onClick={onToggleMute}
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
              onChange={(event) => onChangeVolume(Number(event.target.value))}
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
            aria-pressed={autoplay}
            onClick={onToggleAutoplay}
            aria-label={t('player.autoplay')}
            data-tooltip={autoplay ? t('player.autoplayOn') : t('player.autoplayOff')}
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
            onClick={onTogglePip}
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
            onClick={onToggleFullscreen}
            aria-label={fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}
            data-tooltip={fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}
            data-tooltip-align="end"
          >
            <Icon>{fullscreen ? ICONS.exitFullscreen : ICONS.fullscreen}</Icon>
          </button>
        ) : null}
      </div>
    </div>
  );
}
