import { LoadingScreen } from '@/components/loading-screen';

/** Shown while the app starts: session, visit and language are settled before the first page. */
export function StartupScreen() {
  return <LoadingScreen variant="full" />;
}
