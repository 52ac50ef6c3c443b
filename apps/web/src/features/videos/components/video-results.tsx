import type { UseQueryResult } from '@tanstack/react-query';
import type { Language, VideoList } from '@velora/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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
  // A page number past the last page: the list is not empty, this page is; its count would mislead.
  const pastLastPage = data !== undefined && data.videos.length === 0 && data.total > 0 && data.params.page > data.pages;

  return (
    <section className="video-results" aria-labelledby="video-results-count">
      <p id="video-results-count" className="video-results__count" role="status" aria-live="polite" data-testid="result-count">
        {data && !pastLastPage ? (
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
      ) : pastLastPage ? (
        <StatusMessage
          title={t('videos.pastLastPage.title', { page: data.params.page })}
          text={t('videos.pastLastPage.text', { count: data.pages })}
          action={
            <div className="video-results__past-last-actions">
              <Link className="button button--primary" to={hrefForPage(data.pages)}>
                {t('videos.pastLastPage.last', { page: data.pages })}
              </Link>
              <Link className="button button--ghost" to={hrefForPage(1)}>
                {t('videos.pastLastPage.first')}
              </Link>
            </div>
          }
        />
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
