import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/skeleton';
import { useContentLanguage } from '@/lib/content-language';
import { useComments } from '../api/get-comments';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';
import '../comments.css';

/** The comments of a video, newest first, a page at a time, with the form to add one. */
export function CommentsSection({ videoId }: { videoId: number }) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [page, setPage] = useState(1);
  const [announcement, setAnnouncement] = useState('');
  const { data, isPending, isError, isFetching, isPlaceholderData, refetch } = useComments(videoId, page);

  // A page emptied by a deletion: show the last page that still has comments.
  useEffect(() => {
    if (data && !isPlaceholderData && data.pages > 0 && page > data.pages) setPage(data.pages);
  }, [data, isPlaceholderData, page]);

  const onDeleted = (own: boolean) => {
    setAnnouncement(t(own ? 'comments.deleted' : 'comments.deletedOther'));
    headingRef.current?.focus();
  };

  return (
    <section className="comments" aria-labelledby={headingId} data-testid="comments">
      <h3 id={headingId} ref={headingRef} className="comments__title" tabIndex={-1}>
        {t('comments.title')}
        {data ? <span className="comments__count">{t('comments.count', { count: data.total })}</span> : null}
      </h3>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>

      <CommentForm
        videoId={videoId}
        onPosted={() => {
          setAnnouncement('');
          setPage(1);
        }}
      />

      {isPending ? (
        <div role="status" aria-label={t('comments.loading')}>
          <ul className="comments__list" aria-hidden="true">
            {Array.from({ length: 3 }, (_, i) => (
              <li key={i} className="comment">
                <Skeleton className="comment__avatar" />
                <div className="comment__content">
                  <Skeleton height="0.9em" width="35%" />
                  <Skeleton height="1em" width="85%" />
                </div>
              </li>
            ))}
          </ul>
        </div>
      ) : isError && !data ? (
        <p className="comments__note comments__note--error" role="alert">
          {t('comments.loadFailed')}{' '}
          <button type="button" className="text-button" onClick={() => void refetch()}>
            {t('common.retry')}
          </button>
        </p>
      ) : data.comments.length === 0 ? (
        <p className="comments__note">{t('comments.empty')}</p>
      ) : (
        <>
          <ol className={['comments__list', isPlaceholderData && isFetching ? 'comments__list--busy' : ''].filter(Boolean).join(' ')} aria-busy={(isPlaceholderData && isFetching) || undefined}>
            {data.comments.map((comment) => (
              <CommentItem key={comment.id} comment={comment} language={language} onDeleted={() => onDeleted(comment.is_own)} />
            ))}
          </ol>
          {data.pages > 1 ? (
            <nav className="comments__pager" aria-label={t('comments.pages')}>
              <button type="button" className="button button--ghost button--small" disabled={page <= 1} onClick={() => setPage((p) => Math.max(1, p - 1))}>
                {t('comments.newer')}
              </button>
              <span className="comments__page">{t('comments.pageOf', { page: data.page, pages: data.pages })}</span>
              <button type="button" className="button button--ghost button--small" disabled={page >= data.pages} onClick={() => setPage((p) => p + 1)}>
                {t('comments.older')}
              </button>
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
