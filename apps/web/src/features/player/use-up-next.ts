import { useQueryClient } from '@tanstack/react-query';
import type { VideoDetail } from '@velora/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { playLocation } from '@/entities/video-player/play-hash';
import { getAutoplay } from '@/lib/storage';
import { similarVideosQueryOptions } from './api/get-similar-videos';
import { videoQueryOptions } from './api/get-video';
import { videosAfterInPlayContext } from './play-context';

/** Seconds the "up next" countdown gives to cancel before the next video starts. */
export const UP_NEXT_SECONDS = 8;
/** Candidates looked at (each a GET /videos/{id}) for one the member may play. */
const MAX_CANDIDATES = 6;

export type UpNext =
  | { status: 'idle' }
  | { status: 'counting'; video: VideoDetail; remaining: number };

/**
 * After a video ends with autoplay on (product §3, default true): the next video the member may play, taken from
 * the list the video was opened from, else from its similar videos, starts after a countdown that can be
 * cancelled or skipped. A video the server does not let this member play is passed over, never started.
 */
export function useUpNext(videoId: number) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [state, setState] = useState<UpNext>({ status: 'idle' });
  // A newer end, a cancel or leaving the video makes an answer still on its way void.
  const generation = useRef(0);

  const findNext = useCallback(async (): Promise<VideoDetail | null> => {
    const candidates = videosAfterInPlayContext(videoId);
    const similar = await queryClient.fetchQuery(similarVideosQueryOptions(videoId)).catch(() => []);
    for (const video of similar) if (!candidates.includes(video.id)) candidates.push(video.id);
    for (const id of candidates.filter((id) => id !== videoId).slice(0, MAX_CANDIDATES)) {
      const detail = await queryClient.fetchQuery(videoQueryOptions(id)).catch(() => null);
      // Locked, or not transcoded yet: not one to start on its own.
      if (detail?.playable && detail.hls_url !== null) return detail;
    }
    return null;
  }, [queryClient, videoId]);

  /** The video ended: with autoplay on, find the next one and count down to it. */
  const start = useCallback(() => {
    const mine = ++generation.current;
    if (!getAutoplay()) return;
    void findNext().then((video) => {
      if (generation.current !== mine || !video) return;
      setState({ status: 'counting', video, remaining: UP_NEXT_SECONDS });
    });
  }, [findNext]);

  const cancel = useCallback(() => {
    generation.current += 1;
    setState({ status: 'idle' });
  }, []);

  const playNow = useCallback(() => {
    if (state.status !== 'counting') return;
    generation.current += 1;
    setState({ status: 'idle' });
    // The URL names the video on screen; the theater follows its play hash.
    void navigate(playLocation(location, state.video.id), { replace: true, preventScrollReset: true });
  }, [state, navigate, location]);

  const counting = state.status === 'counting';
  useEffect(() => {
    if (!counting) return undefined;
    const timer = setInterval(() => {
      setState((current) => (current.status === 'counting' ? { ...current, remaining: Math.max(0, current.remaining - 1) } : current));
    }, 1000);
    return () => clearInterval(timer);
  }, [counting]);

  useEffect(() => {
    if (state.status === 'counting' && state.remaining === 0) playNow();
  }, [state, playNow]);

  // Leaving the video (another one, closed) forgets a search still on its way.
  useEffect(
    () => () => {
      generation.current += 1;
    },
    [videoId],
  );

  return { state, start, cancel, playNow };
}
