import { useTranslation } from 'react-i18next';
import { Logo } from './logo';

/**
 * The global loading state (product §2). Full screen while the app starts; a slim progress bar
 * while the path changes, so the page under it stays readable.
 */
export function LoadingScreen({ variant, active = true }: { variant: 'full' | 'bar'; active?: boolean }) {
  const { t } = useTranslation();
  if (!active) return null;
  if (variant === 'bar') {
    return (
      <div className="loading-bar" role="progressbar" aria-label={t('app.loading')} data-testid="global-loading">
        <span className="loading-bar__fill" />
      </div>
    );
  }
  return (
    <div className="loading-screen" role="status" aria-live="polite" data-testid="global-loading">
      <Logo size="large" />
      <span className="loading-screen__spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}
