import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/skeleton';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { VideoPlayer } from '@/entities/video-player';
import { showcaseTrailerQueryOptions, useShowcaseTrailer } from '../api/get-showcase-trailer';

// Loaded only when a visitor presses play on a trailer (the player and hls.js stay out of the landing's bundle).

export default function TrailerPlayer({ id, title }: { id: number; title: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const trailer = useShowcaseTrailer(id);
  if (trailer.isPending) {
    return (
      <div role="status" aria-label={t('landing.teasers.trailerLoading', { title })}>
        <Skeleton className="embedded-player__placeholder" />
      </div>
    );
  }
  if (trailer.isError) {
    return <ErrorState title={t('landing.teasers.trailerErrorTitle')} text={t('landing.teasers.trailerErrorText')} onRetry={() => void trailer.refetch()} />;
  }
  const data = trailer.data;
  if (!data.playable || !data.hls_url) return <StatusMessage title={t('landing.teasers.trailerUnavailable')} />;
  const refreshSource = async () => (await queryClient.fetchQuery({ ...showcaseTrailerQueryOptions(id), staleTime: 0 })).hls_url;
  return <VideoPlayer src={data.hls_url} title={data.title} poster={data.thumbnail} autoPlay refreshSource={refreshSource} />;
}
