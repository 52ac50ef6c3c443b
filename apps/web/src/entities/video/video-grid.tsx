import type { Language, Video } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/skeleton';
import { VideoCard } from './video-card';

/** How many cards load eagerly: roughly the first row on a wide screen. */
const EAGER_CARDS = 4;

interface VideoGridProps {
  videos: readonly Video[];
  language: Language;
  busy?: boolean;
  /** Every video shown is a favourite (the favourites list): cards get the toggle. */
  favourites?: boolean;
  /** The selected video (a shoot's `#video-{id}`). */
  selectedId?: number | null;
  /** Gives each item the anchor id `video-{id}`. */
  anchors?: boolean;
}

export function VideoGrid({ videos, language, busy = false, favourites = false, selectedId = null, anchors = false }: VideoGridProps) {
  return (
    <ul className={['video-grid', busy ? 'video-grid--busy' : ''].filter(Boolean).join(' ')} aria-busy={busy || undefined}>
      {videos.map((video, index) => (
        <li key={video.id} id={anchors ? `video-${video.id}` : undefined}>
          <VideoCard
            video={video}
            language={language}
            eager={index < EAGER_CARDS}
            selected={selectedId === video.id}
            {...(favourites ? { favourite: true } : {})}
          />
        </li>
      ))}
    </ul>
  );
}

export function VideoGridSkeleton({ count = 8, label }: { count?: number; label?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={label ?? t('videos.loadingLabel')} data-testid="videos-loading">
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
