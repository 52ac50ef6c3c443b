import { isApiError } from '@/lib/http';
import type { ErrorReporter } from '@/lib/report-error';
import { reportError, setErrorReporter } from '@/lib/report-error';

// product §8: errors are reported except known-harmless browser noise and HTTP answers of 400 or
// above (those are the server saying no, already visible in its own logs).
const IGNORED_MESSAGES = [
  /ResizeObserver loop/i,
  /Failed to fetch|NetworkError when attempting to fetch|Load failed/i,
  /fullscreen/i,
  /detached ArrayBuffer|ArrayBuffer is detached|detached buffer/i,
];

export function shouldReportError(error: unknown): boolean {
  if (isApiError(error) && error.status >= 400) return false;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return !IGNORED_MESSAGES.some((pattern) => pattern.test(message));
}

/** Wraps a reporter (the error-reporting service once configured; the console until then) with the filter. */
export function filteredReporter(report: ErrorReporter): ErrorReporter {
  return (error, context) => {
    if (shouldReportError(error)) report(error, context);
  };
}

/** Installs the filtered reporter and catches what nothing else caught. */
export function installErrorReporting(report: ErrorReporter = (error, context) => console.warn('[velora]', error, ...(context ? [context] : []))): () => void {
  setErrorReporter(filteredReporter(report));
  const onError = (event: ErrorEvent) => reportError(event.error ?? event.message, { source: 'window.onerror' });
  const onRejection = (event: PromiseRejectionEvent) => reportError(event.reason, { source: 'unhandledrejection' });
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    setErrorReporter(null);
  };
}
