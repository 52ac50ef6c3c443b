import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { isApiError } from '@/lib/http';

interface DetailFallbackProps {
  error: unknown;
  onRetry: () => void;
  notFound: { title: string; text: string; link: { to: string; label: string } };
  errorTitle: string;
}

/** A detail page that failed: Not Found for a 404 (or a malformed id), else an error with a retry. */
export function DetailFallback({ error, onRetry, notFound, errorTitle }: DetailFallbackProps) {
  const { t } = useTranslation();
  return (
    <div className="page">
      {error === null || isApiError(error, 404) || isApiError(error, 400) ? (
        <NotFoundMessage {...notFound} />
      ) : (
        <ErrorState title={errorTitle} text={t('catalog.errorText')} onRetry={onRetry} />
      )}
    </div>
  );
}

function NotFoundMessage({ title, text, link }: DetailFallbackProps['notFound']) {
  return (
    <StatusMessage
      title={title}
      text={text}
      action={
        <Link className="button button--secondary" to={link.to}>
          {link.label}
        </Link>
      }
    />
  );
}

/** The announced loading state of a detail page; the skeleton inside is decorative. */
export function DetailLoading({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="page" role="status" aria-label={label} data-testid="detail-loading">
      <div aria-hidden="true">{children}</div>
    </div>
  );
}
