import type { BackofficeVideoStatus } from '@velora/shared';
import { useTranslation } from 'react-i18next';

/** A video's status as a chip, with the transcode's progress while it runs. */
export function VideoStatus({ status, progress }: { status: BackofficeVideoStatus; progress: number | null }) {
  const { t } = useTranslation();
  return (
    <span className={`backoffice__chip bo-videos__status bo-videos__status--${status}`} data-testid="video-status" data-status={status}>
      {t(`boVideos.statuses.${status}`)}
      {status === 'transcoding' && progress !== null ? ` · ${t('boVideos.progress', { percent: Math.floor(progress * 100) })}` : null}
    </span>
  );
}

/** m:ss or h:mm:ss. */
export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
