import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/paths';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { isApiError } from '@/lib/http';

/**
 * A camera screen (/camera/{name}, /chat/{name}) that could not load its camera: "no such camera" with a way back
 * to /cameras for a bad or unknown name (400, 404), otherwise the screen's error with a retry.
 */
export function CameraLoadError({ error, errorTitle, onRetry }: { error: unknown; errorTitle: string; onRetry: () => void }) {
  const { t } = useTranslation();
  const notFound = error === null || isApiError(error, 404) || isApiError(error, 400);
  return (
    <div className="page">
      {notFound ? (
        <StatusMessage
          title={t('cameras.notFound')}
          text={t('cameras.notFoundText')}
          action={
            <Link className="button button--secondary" to={paths.cameras()}>
              {t('cameras.browse')}
            </Link>
          }
        />
      ) : (
        <ErrorState title={errorTitle} text={t('catalog.errorText')} onRetry={onRetry} />
      )}
    </div>
  );
}
