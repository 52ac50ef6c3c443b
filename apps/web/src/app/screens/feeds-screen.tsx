import { FeedScreen } from '@/features/catalog/routes/feeds';
import { useLandingHighlights } from './landing-highlights';

/** /feeds: the feed, with the home sections on top when this is the landing page. */
export default function FeedsWithHome() {
  return <FeedScreen highlights={useLandingHighlights('feeds')} />;
}
