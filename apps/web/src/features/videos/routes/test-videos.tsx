import type { TestVideo } from '@velora/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/skeleton';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { VideoPlayer } from '@/entities/video-player';
import { useTestVideos } from '../api/get-test-videos';

/** Renditions, smallest first, as "360p". */
const renditionLabels = (renditions: readonly number[]) => [...renditions].sort((a, b) => a - b).map((height) => `${height}p`);

function TestClip({ clip }: { clip: TestVideo }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <article className="test-clip" aria-labelledby={titleId} data-testid="test-video">
      <div className="embedded-player">
        <VideoPlayer src={clip.hls_url} title={clip.title} autoPlay={false} />
      </div>
      <div className="test-clip__body">
        <h2 id={titleId} className="test-clip__title">
          {clip.title}
        </h2>
        <p className="filter-label">{t('testVideos.renditions')}</p>
        {clip.renditions.length > 0 ? (
          <ul className="test-clip__renditions" aria-label={t('testVideos.renditionsOf', { title: clip.title })}>
            {renditionLabels(clip.renditions).map((label) => (
              <li key={label} className="chip chip--small">
                {label}
              </li>
            ))}
          </ul>
        ) : (
          <p className="test-clip__none">{t('testVideos.noRenditions')}</p>
        )}
      </div>
    </article>
  );
}

/** /test_videos (public): the test clips, each playable, with the renditions it comes in. */
export default function TestVideosRoute() {
  const { t } = useTranslation();
  const clips = useTestVideos();
  return (
    <div className="page">
      <header className="page-header">
        <h1 className="page-header__title">{t('testVideos.title')}</h1>
        <p className="page-header__subtitle">{t('testVideos.subtitle')}</p>
      </header>
      {clips.isPending ? (
        <div role="status" aria-label={t('testVideos.loading')}>
          <div className="test-clips" aria-hidden="true">
            {Array.from({ length: 2 }, (_, i) => (
              <Skeleton key={i} className="embedded-player__placeholder" />
            ))}
          </div>
        </div>
      ) : clips.isError ? (
        <ErrorState title={t('testVideos.errorTitle')} text={t('catalog.errorText')} onRetry={() => void clips.refetch()} />
      ) : clips.data.length === 0 ? (
        <StatusMessage title={t('testVideos.emptyTitle')} text={t('testVideos.emptyText')} />
      ) : (
        <div className="test-clips">
          {clips.data.map((clip) => (
            <TestClip key={clip.id} clip={clip} />
          ))}
        </div>
      )}
    </div>
  );
}
