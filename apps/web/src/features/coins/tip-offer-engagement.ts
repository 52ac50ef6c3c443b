import type { TipOfferEngagement } from '@velora/shared';
import { matchPath } from 'react-router';
import { ROUTE_PATHS } from '@/paths';
import { watchedSecondsThisSession } from '@/lib/media-activity';

// What the member did in this browser session (tab) that makes a tip offer welcome, measured: pages opened, her
// profile or camera opened, seconds of video watched (lib/media-activity). Kept in sessionStorage across reloads.

const PAGES_KEY = 'velora:engagement-pages';
const MODEL_PAGES = [ROUTE_PATHS.modelProfile, ROUTE_PATHS.camera, ROUTE_PATHS.cameraPhotos, ROUTE_PATHS.cameraVideos];

interface PagesSeen {
  pageViews: number;
  modelPagesVisited: number;
  last: string | null;
}

function readPages(): PagesSeen {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(PAGES_KEY) ?? 'null') as Partial<PagesSeen> | null;
    return {
      pageViews: typeof parsed?.pageViews === 'number' ? parsed.pageViews : 0,
      modelPagesVisited: typeof parsed?.modelPagesVisited === 'number' ? parsed.modelPagesVisited : 0,
      last: typeof parsed?.last === 'string' ? parsed.last : null,
    };
  } catch {
    return { pageViews: 0, modelPagesVisited: 0, last: null };
  }
}

/** Counts a page opened (the same page again, as after a reload or a re-render, is not a new view). */
export function notePageView(pathname: string): void {
  const seen = readPages();
  if (seen.last === pathname) return;
  const onModelPage = MODEL_PAGES.some((pattern) => matchPath(pattern, pathname) !== null);
  const next: PagesSeen = { pageViews: seen.pageViews + 1, modelPagesVisited: seen.modelPagesVisited + (onModelPage ? 1 : 0), last: pathname };
  try {
    sessionStorage.setItem(PAGES_KEY, JSON.stringify(next));
  } catch {
    // Storage disabled: pages are not counted, watching still is.
  }
}

export function engagementThisSession(): TipOfferEngagement {
  const { pageViews, modelPagesVisited } = readPages();
  return { watchedSeconds: watchedSecondsThisSession(), modelPagesVisited, pageViews };
}

/** For tests: a new browser session. */
export function resetEngagement(): void {
  try {
    sessionStorage.removeItem(PAGES_KEY);
  } catch {
    // Nothing stored.
  }
}
