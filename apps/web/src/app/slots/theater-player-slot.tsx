import { Suspense, lazy } from 'react';
import { useSession } from '@/features/auth/session';
import { loadWithTheaterPlayer, TheaterPlayer } from '@/features/player/lazy-theater-player';
import { useTheater } from '@/features/player/use-theater';
import { loadTexts, withTexts } from '@/locales/load-texts';

// The player and the comments load with the first video opened, not with every page.
// The player's texts are namespaces of their own (decision 066): they load with it.
loadWithTheaterPlayer(() => loadTexts(['player', 'videos']));
const CommentsSection = lazy(withTexts(['player'], () => import('@/features/comments/components/comments-section').then((m) => ({ default: m.CommentsSection }))));

/**
 * The theater player (product §2, §4), hosted by the root so it can outlive navigation: `#play-{id}`
 * opens it, a docked (picture-in-picture) player keeps playing from page to page.
 */
export function TheaterPlayerSlot() {
  const { isLoggedIn, isPremium, profile } = useSession();
  const theater = useTheater();
  if (!isLoggedIn || theater.activeVideoId === null) return null;
  // product §1: premium plays everything; otherwise unlocked videos, and trailers while that feature is on.
  const lockReason = isPremium ? 'unavailable' : profile?.features.trailer?.is_active === true ? 'trailer-only' : 'premium';
  return (
    <Suspense fallback={null}>
      <TheaterPlayer
        videoId={theater.activeVideoId}
        mode={theater.pictureInPicture ? 'docked' : 'theater'}
        onClose={theater.close}
        onDock={theater.dock}
        onExpand={theater.expand}
        lockReason={lockReason}
        renderComments={(video) => (
          <Suspense fallback={null}>
            <CommentsSection key={video.id} videoId={video.id} />
          </Suspense>
        )}
      />
    </Suspense>
  );
}
