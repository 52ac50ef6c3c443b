import type { Language, Video } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/skeleton';
import { VideoCard } from './video-card';

/** How many cards load eagerly: roughly the first row on a wide screen. */
const EAGER_CARDS = 4;

export function VideoGrid({ videos, language, busy = false }: { videos: readonly Video[]; language: Language; busy?: boolean }) {
  return (
    <ul className={['video-grid', busy ? 'video-grid--busy' : ''].filter(Boolean).join(' ')} aria-busy={busy || undefined}>
      {videos.map((video, index) => (
        <li key={video.id}>
          <VideoCard video={video} language={language} eager={index < EAGER_CARDS} />
        </li>
      ))}
    </ul>
  );
}

export function VideoGridSkeleton({ count = 8 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('videos.loadingLabel')} data-testid="videos-loading">
      <ul className="video-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="video-card video-card--skeleton">
            <Skeleton className="video-card__media" />
            <div className="video-card__body">
              <Skeleton height="1.2em" width="80%" />
              <Skeleton height="0.9em" width="55%" />
              <Skeleton height="0.9em" width="40%" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
