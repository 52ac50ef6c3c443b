import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/skeleton';
import { ErrorState } from '@/components/status-message';
import '../pages.css';

/** While a page's content loads: placeholders, and a status line for screen readers. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page page--narrow page-loading" aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('pages.loading')}
      </span>
      <Skeleton width="55%" height="2.6rem" />
      <Skeleton width="100%" height="1rem" />
      <Skeleton width="92%" height="1rem" />
      <Skeleton width="80%" height="1rem" />
    </div>
  );
}

/** A page that failed to load for another reason than "not found". */
export function PageLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="page page--narrow" data-testid="page-load-error">
      <ErrorState title={t('pages.error.title')} text={t('pages.error.text')} onRetry={onRetry} />
    </div>
  );
}
