import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LazyImage } from '@/components/lazy-image';
import { Skeleton } from '@/components/skeleton';
import { playLocation } from '@/entities/video-player/play-hash';
import { formatDuration } from '@/lib/format';
import { useSimilarVideos } from '../api/get-similar-videos';

/** Videos like the one playing; each opens in the theater in its place (a new play hash). */
export function SimilarVideos({ videoId }: { videoId: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { data, isPending, isError, refetch } = useSimilarVideos(videoId);

  return (
    <section className="similar-videos" aria-labelledby="similar-videos-title">
      <h3 id="similar-videos-title" className="theater__section-title">
        {t('player.similarTitle')}
      </h3>
      {isPending ? (
        <ul className="similar-videos__list" aria-hidden="true">
          {Array.from({ length: 4 }, (_, i) => (
            <li key={i} className="similar-video">
              <Skeleton className="similar-video__thumb" />
              <Skeleton height="1em" width="80%" />
            </li>
          ))}
        </ul>
      ) : isError ? (
        <p className="similar-videos__note" role="alert">
          {t('player.similarFailed')}{' '}
          <button type="button" className="text-button" onClick={() => void refetch()}>
            {t('common.retry')}
          </button>
        </p>
      ) : data.length === 0 ? (
        <p className="similar-videos__note">{t('player.similarEmpty')}</p>
      ) : (
        <ul className="similar-videos__list">
          {data.map((video) => (
            <li key={video.id}>
              <Link
                className="similar-video"
                to={playLocation(location, video.id)}
                preventScrollReset
                aria-label={t('player.playTitle', { title: video.title })}
              >
                <span className="similar-video__media">
                  <LazyImage as="span" wrapperClassName="similar-video__thumb" src={video.thumbnail_small} alt="" width={370} height={206} />
                  <span className="similar-video__duration" aria-hidden="true">
                    {formatDuration(video.duration)}
                  </span>
                </span>
                <span className="similar-video__title" aria-hidden="true">
                  {video.title}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
