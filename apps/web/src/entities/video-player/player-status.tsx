import { useTranslation } from 'react-i18next';
import { Icon, ICONS } from './player-icons';
import type { HlsSource, PlayerErrorKind } from './use-hls-source';

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

interface PlayerStatusProps {
  source: HlsSource;
  /** The media waits for data. */
  waiting: boolean;
  muted: boolean;
  onUnmute: () => void;
}

/** What the player says over the picture: buffering, an error with its retry, and "tap to unmute" after a muted start. */
export function PlayerStatus({ source, waiting, muted, onUnmute }: PlayerStatusProps) {
  const { t } = useTranslation();
  const showSpinner = source.status === 'refreshing' || (source.status !== 'error' && waiting);
  return (
    <>
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
        <button type="button" className="video-player__unmute" onClick={onUnmute}>
          <Icon>{ICONS.muted}</Icon>
          {t('player.tapToUnmute')}
        </button>
      ) : null}
    </>
  );
}
