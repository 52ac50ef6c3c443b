import { LoadingScreen } from '@/components/loading-screen';
import { isLandingShellShown } from '../landing-shell/landing-shell';

/**
 * Shown while the app starts: the session and the language are settled before the first page. Not while the
 * pre-rendered landing is on screen (decision record 055): the visitor already sees the page.
 */
export function StartupScreen() {
  if (isLandingShellShown()) return null;
  return <LoadingScreen variant="full" />;
}
