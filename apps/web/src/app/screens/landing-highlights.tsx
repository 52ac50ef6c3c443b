import { landingUrlFor } from '@velora/shared';
import { HomeSections } from '@/features/catalog/components/home-sections';
import { useSession } from '@/features/auth/session';
import type { RouteName } from '@/paths';
import { routePath } from '@/paths';

/**
 * The home sections (GET /home) belong on the member's landing page (product §4): /feeds when the
 * feature landing_redirect is active, else /recent_updates. Null on the other of the two.
 */
export function useLandingHighlights(route: Extract<RouteName, 'feeds' | 'recentUpdates'>) {
  const { profile } = useSession();
  const isLanding = profile !== null && landingUrlFor(true, profile.features) === routePath(route);
  return isLanding ? <HomeSections /> : null;
}
