import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '@/components/pagination';
import { ErrorState, StatusMessage } from '@/components/status-message';

export interface PagedData {
  total: number;
  pages: number;
  params: { page: number };
}

interface CatalogResultsProps<T extends PagedData> {
  result: UseQueryResult<T>;
  /** The announced count line, e.g. "24 models". */
  count: (data: T) => string;
  isEmpty: (data: T) => boolean;
  /** The items; `busy` while another page loads behind them. */
  children: (data: T, busy: boolean) => ReactNode;
  skeleton: ReactNode;
  empty: { title: string; text?: string; action?: ReactNode };
  errorTitle: string;
  hrefForPage: (page: number) => string;
}

/**
 * A paged catalog list with its loading, empty and error states. When an item leaves the list
 * under the keyboard focus (an unfavourited card), focus moves to the count so it is not lost.
 */
export function CatalogResults<T extends PagedData>({ result, count, isEmpty, children, skeleton, empty, errorTitle, hrefForPage }: CatalogResultsProps<T>) {
  const { t } = useTranslation();
  const { data, isPending, isError, isPlaceholderData, isFetching, refetch } = result;
  const countRef = useRef<HTMLParagraphElement>(null);

  const shown = useRef<T | undefined>(undefined);

  useEffect(() => {
    // Only fresh data replacing a list on screen can have removed the focused element.
    const replaced = shown.current !== undefined && data !== shown.current;
    shown.current = data;
    if (replaced && document.activeElement === document.body && countRef.current?.isConnected) {
      countRef.current.focus({ preventScroll: true });
    }
  }, [data]);

  return (
    <div className="catalog-results">
      <p ref={countRef} className="catalog-results__count" role="status" aria-live="polite" tabIndex={-1} data-testid="result-count">
        {data ? count(data) : isPending ? <span className="visually-hidden">{t('common.loading')}</span> : null}
      </p>
      {isPending ? (
        skeleton
      ) : isError && !data ? (
        <ErrorState title={errorTitle} text={t('catalog.errorText')} onRetry={() => void refetch()} />
      ) : data && isEmpty(data) ? (
        <StatusMessage title={empty.title} text={empty.text} action={empty.action} />
      ) : data ? (
        <>
          {children(data, isPlaceholderData && isFetching)}
          <Pagination page={data.params.page} pages={data.pages} hrefFor={hrefForPage} />
        </>
      ) : null}
    </div>
  );
}
