import { RecentUpdatesScreen } from '@/features/videos/routes/recent-updates';
import { useLandingHighlights } from './landing-highlights';

/** /recent_updates: the newest videos, with the home sections on top when this is the landing page. */
export default function RecentUpdatesWithHome() {
  return <RecentUpdatesScreen highlights={useLandingHighlights('recentUpdates')} />;
}
