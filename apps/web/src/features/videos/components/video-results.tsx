import type { UseQueryResult } from '@tanstack/react-query';
import type { Language, VideoList } from '@velora/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '@/components/pagination';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { VideoGrid, VideoGridSkeleton } from '@/entities/video/video-grid';

interface VideoResultsProps {
  result: UseQueryResult<VideoList>;
  language: Language;
  hrefForPage: (page: number) => string;
  /** Shown beside the count, e.g. the search term. */
  countSuffix?: ReactNode;
  empty: { title: string; text: string; action?: ReactNode };
}

/** The count, the grid and the paging of a video list, with its loading, empty and error states. */
export function VideoResults({ result, language, hrefForPage, countSuffix, empty }: VideoResultsProps) {
  const { t } = useTranslation();
  const { data, isPending, isError, isPlaceholderData, isFetching, refetch } = result;

  return (
    <section className="video-results" aria-labelledby="video-results-count">
      <p id="video-results-count" className="video-results__count" role="status" aria-live="polite" data-testid="result-count">
        {data ? (
          <>
            {t('videos.resultCount', { count: data.total })}
            {countSuffix ? <> {countSuffix}</> : null}
          </>
        ) : isPending ? (
          <span className="visually-hidden">{t('common.loading')}</span>
        ) : null}
      </p>
      {isPending ? (
        <VideoGridSkeleton />
      ) : isError && !data ? (
        <ErrorState title={t('videos.errorTitle')} text={t('videos.errorText')} onRetry={() => void refetch()} />
      ) : data && data.videos.length === 0 ? (
        <StatusMessage title={empty.title} text={empty.text} action={empty.action} />
      ) : data ? (
        <>
          <VideoGrid videos={data.videos} language={language} busy={isPlaceholderData && isFetching} />
          <Pagination page={data.params.page} pages={data.pages} hrefFor={hrefForPage} />
        </>
      ) : null}
    </section>
  );
}
