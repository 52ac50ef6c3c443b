import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PlayIntent } from '@/entities/video-player/playback-prefetch';
import { prefetchText, registerPlaybackPrefetcher } from '@/entities/video-player/playback-prefetch';
import { bandwidthEstimate, startRenditionIndex, theaterPlayerHeight, variantsOfMaster } from '@/entities/video-player/start-rendition';
import { getAccessToken } from '@/lib/storage';
import { playbacksQueryOptions } from './api/get-playbacks';
import { loadTheaterPlayer } from './lazy-theater-player';
import { videoQueryOptions } from './api/get-video';

// What "prepare this video" means (decision record 053), registered for the cards of every page. The press on play
// then finds the player's code evaluated, the video's detail and resume position in the query cache and its
// playlists fetched, and only the first segment is left to load.
//   view   (a card a while in view): the player's code, the detail, the master playlist; a few cards a page, one
//          at a time, when the browser is idle
//   intent (pointed at, focused, touched): the same at once, plus the resume position and the variant playlist the
//          player will start with

/** A detail fetched ahead counts as fresh this long (its signed URL stays the same for 5 minutes). */
const DETAIL_FRESH_MS = 60_000;
/** The resume position fetched ahead is kept this long; the player forgets it when it closes. */
const POSITION_KEEP_MS = 30_000;
/** Cards prepared for being in view, per page. */
const VIEW_BUDGET = 4;

/** Fetches and evaluates the player's chunk and hls.js. */
function warmPlayerCode(): void {
  loadTheaterPlayer().catch(() => undefined);
}

const whenIdle = (run: () => void) => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 50);
};

export function createPlaybackPrefetcher(queryClient: QueryClient) {
  const viewed = new Set<number>();
  const queue: number[] = [];
  let busy = false;

  async function prepare(videoId: number, intent: PlayIntent): Promise<void> {
    const detail = await queryClient.fetchQuery({ ...videoQueryOptions(videoId), staleTime: DETAIL_FRESH_MS });
    if (!detail.playable || !detail.hls_url) return;
    if (intent === 'intent') void queryClient.prefetchQuery({ ...playbacksQueryOptions(videoId), staleTime: POSITION_KEEP_MS, gcTime: POSITION_KEEP_MS });
    const master = await prefetchText(detail.hls_url);
    if (!master || intent !== 'intent') return;
    const variants = variantsOfMaster(master.text, master.url);
    const start = variants[startRenditionIndex(variants, bandwidthEstimate(), theaterPlayerHeight())];
    if (start) await prefetchText(start.url);
  }

  function next(): void {
    const videoId = queue.shift();
    if (videoId === undefined) {
      busy = false;
      return;
    }
    busy = true;
    whenIdle(() => {
      prepare(videoId, 'view')
        .catch(() => undefined)
        .finally(next);
    });
  }

  return (videoId: number, intent: PlayIntent): void => {
    // Only a member has a player; a visitor's press on play asks to log in first.
    if (!getAccessToken()) return;
    if (intent === 'intent') {
      warmPlayerCode();
      prepare(videoId, 'intent').catch(() => undefined);
      return;
    }
    if (viewed.has(videoId) || viewed.size >= VIEW_BUDGET) return;
    viewed.add(videoId);
    whenIdle(warmPlayerCode);
    queue.push(videoId);
    if (!busy) next();
  };
}

/** Registers the prefetcher for the cards; a new page gets a new budget of cards in view. */
export function usePlaybackPrefetcher(page: string): void {
  const queryClient = useQueryClient();
  useEffect(() => registerPlaybackPrefetcher(createPlaybackPrefetcher(queryClient)), [queryClient, page]);
}
