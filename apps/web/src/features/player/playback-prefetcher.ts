import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { segmentAt } from '@/entities/video-player/media-playlist';
import type { PlayIntent } from '@/entities/video-player/playback-prefetch';
import { prefetchBytes, prefetchText, registerPlaybackPrefetcher } from '@/entities/video-player/playback-prefetch';
import type { Variant } from '@/entities/video-player/start-rendition';
import { bandwidthEstimate, savesData, startRenditionIndex, theaterPlayerHeight, variantsOfMaster } from '@/entities/video-player/start-rendition';
import { getAccessToken, getVideoQuality } from '@/lib/storage';
import { playbacksQueryOptions } from './api/get-playbacks';
import { loadTheaterPlayer } from './lazy-theater-player';
import { videoQueryOptions } from './api/get-video';
import { resumePosition } from './resume-position';

// What "prepare this video" means (decision record 053), registered for the cards of every page. The press on play
// then finds the player's code evaluated, the video's detail and resume position in the query cache and its
// playlists fetched, and (on intent) the first segment too: only transmuxing and the first paint are left.
//   view   (a card a while in view): the player's code, the detail, the master playlist; a few cards a page, one
//          at a time, when the browser is idle
//   intent (pointed at, focused, touched): the same at once, plus the resume position, the variant playlist the
//          player will start with and that rendition's segment playback starts with (decision record 057), unless
//          the browser asks to save data or the member chose a rendition (the start rendition on "Auto" is one
//          whose segment arrives within 0.3 s at the estimate, the lowest when unknown: a few hundred kilobytes)

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

/** The variant of the rendition the member chose in the quality menu (the player loads that one), if any. */
function chosenVariant(variants: readonly Variant[]): Variant | null {
  const height = Number(getVideoQuality());
  if (!Number.isInteger(height) || height <= 0) return null;
  // Of two with that height, the player takes the higher bitrate (quality.ts); variants come lowest first.
  return variants.filter((v) => v.height === height).at(-1) ?? null;
}

export function createPlaybackPrefetcher(queryClient: QueryClient) {
  const viewed = new Set<number>();
  const queue: number[] = [];
  let busy = false;

  async function prepare(videoId: number, intent: PlayIntent): Promise<void> {
    const detail = await queryClient.fetchQuery({ ...videoQueryOptions(videoId), staleTime: DETAIL_FRESH_MS });
    if (!detail.playable || !detail.hls_url) return;
    const position =
      intent === 'intent'
        ? queryClient
            .fetchQuery({ ...playbacksQueryOptions(videoId), staleTime: POSITION_KEEP_MS, gcTime: POSITION_KEEP_MS })
            .then((playbacks) => resumePosition(playbacks.position, detail.duration))
        : null;
    position?.catch(() => undefined);
    const master = await prefetchText(detail.hls_url);
    if (!master || !position) return;
    const variants = variantsOfMaster(master.text, master.url);
    const chosen = chosenVariant(variants);
    const start = chosen ?? variants[startRenditionIndex(variants, bandwidthEstimate(), theaterPlayerHeight())];
    if (!start) return;
    const playlist = await prefetchText(start.url);
    // A chosen rendition may be large (1080p: megabytes a segment); "Auto" starts with one that arrives quickly.
    if (!playlist || chosen || savesData()) return;
    const segment = segmentAt(playlist.text, playlist.url, await position);
    if (segment) await prefetchBytes(segment);
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
