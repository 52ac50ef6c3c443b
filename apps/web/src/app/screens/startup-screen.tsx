import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '@/components/loading-screen';
import { isLandingShellShown } from '../landing-shell/landing-shell';

/**
 * Shown while the app starts: the session and the language are settled before the first page. While the
 * pre-rendered landing is on screen (decision record 055) the visitor already sees the page: only assistive technology,
 * which the inert shell is hidden from, hears that the page is loading.
 */
export function StartupScreen() {
  const { t } = useTranslation();
  if (isLandingShellShown()) {
    return (
      <span className="visually-hidden" role="status" data-testid="global-loading">
        {t('app.loading')}
      </span>
    );
  }
  return <LoadingScreen variant="full" />;
}
