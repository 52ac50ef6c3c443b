import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '@/paths';
import { Skeleton } from '@/components/skeleton';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { VideoPlayer } from '@/entities/video-player';
import { useContentLanguage } from '@/lib/content-language';
import { formatDuration } from '@/lib/format';
import { isApiError } from '@/lib/http';
import { freeVideoQueryOptions, useFreeVideo } from '../api/get-free-video';

/** A token the server can only refuse: product §8 sends it to /recent_updates like an invalid one. */
function cleanToken(raw: string | null): string | null {
  const token = raw?.trim() ?? '';
  return token === '' || token.length > 200 ? null : token;
}

/** /free-video?token: the video a free link grants, in the embedded player; an invalid token goes to /recent_updates. */
export default function FreeVideoRoute() {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const token = cleanToken(searchParams.get('token'));
  const video = useFreeVideo(token);

  if (token === null || (video.isError && (isApiError(video.error, 404) || isApiError(video.error, 400)))) {
    return <Navigate to={paths.recentUpdates()} replace />;
  }
  if (video.isError) {
    return (
      <div className="page">
        <ErrorState title={t('freeVideo.errorTitle')} text={t('freeVideo.errorText')} onRetry={() => void video.refetch()} />
      </div>
    );
  }
  if (video.isPending) {
    return (
      <div className="page" role="status" aria-label={t('freeVideo.loading')} data-testid="free-video-loading">
        <div aria-hidden="true" className="free-video">
          <Skeleton className="embedded-player__placeholder" />
          <Skeleton height="2rem" width="50%" />
        </div>
      </div>
    );
  }

  const data = video.data;
  const refreshSource = async () => {
    const fresh = await queryClient.fetchQuery({ ...freeVideoQueryOptions(token), staleTime: 0 });
    return fresh.hls_url;
  };

  return (
    <div className="page free-video">
      <p className="eyebrow">{t('freeVideo.eyebrow')}</p>
      <div className="embedded-player" data-testid="free-video-player">
        {data.playable && data.hls_url ? (
          <VideoPlayer src={data.hls_url} title={data.title} poster={data.thumbnail} refreshSource={refreshSource} />
        ) : (
          <StatusMessage title={t('freeVideo.notPlayableTitle')} text={t('freeVideo.notPlayableText')} />
        )}
      </div>
      <header className="page-header free-video__header">
        <h1 className="page-header__title">{data.title}</h1>
        <p className="page-header__subtitle">
          {[
            data.participated_models.length > 0
              ? t('videoCard.with', { names: new Intl.ListFormat(language, { type: 'conjunction' }).format(data.participated_models.map((m) => m.name_en)) })
              : null,
            formatDuration(data.duration),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {data.description ? <p className="free-video__description">{data.description}</p> : null}
      </header>
    </div>
  );
}
