import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { playHash, videoIdOfHash } from '@/entities/video-player/play-hash';
import { rememberPlayContextOf } from './play-context';
import { usePlaybackPrefetcher } from './playback-prefetcher';
import type { TheaterState } from './theater-state';
import { dispatchTheater, getTheaterState, useTheaterState } from './theater-store';

export interface Theater extends TheaterState {
  close: () => void;
  /** Into picture-in-picture: the page is usable again and the player keeps playing across it. */
  dock: () => void;
  expand: () => void;
}

/**
 * A plain press (mouse, touch, or Enter: all send a click) on a play link to this same page selects its video at
 * once (decision record 057). The router renders the new hash in a transition of the whole page, and only then
 * would the effect below select it: on a loaded machine 100 ms or more before the player even mounts. The hash
 * still follows and selects the same video again, which changes nothing. A press that opens a new tab or window, or
 * a link to another page, is left to the router.
 */
function selectOnPress(event: MouseEvent, here: { pathname: string; search: string }): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = event.target instanceof Element ? event.target.closest('a[href*="#play-"]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target !== '' && link.target !== '_self') || link.hasAttribute('download')) return;
  const to = new URL(link.href);
  if (to.origin !== window.location.origin || to.pathname !== here.pathname || to.search !== here.search) return;
  const videoId = videoIdOfHash(to.hash);
  if (videoId !== null) dispatchTheater({ type: 'select', videoId });
}

/**
 * Feeds the theater store from the URL: a location carrying `#play-{id}` selects that video; any
 * other change of location is a navigation (product §4). Used once, by the player slot at the root.
 * Closing or docking removes the play hash; expanding puts it back, so the URL names the video
 * on screen whenever the theater covers the page.
 */
export function useTheater(): Theater {
  const location = useLocation();
  const navigate = useNavigate();
  const state = useTheaterState();
  const seen = useRef<{ key: string; page: string } | null>(null);
  // The cards of every page prepare their video before the press on play (decision record 053).
  usePlaybackPrefetcher(`${location.pathname}${location.search}`);
  // Where the URL is: the rendered location, or newer when this hook navigated since (a router
  // navigation renders in a transition, so a quick second action may come before it).
  const here = useRef<{ pathname: string; search: string; hash: string; key: string }>(location);
  if (here.current.key !== location.key) here.current = location;
  const go = useCallback(
    (to: { pathname: string; search: string; hash?: string }) => {
      here.current = { ...here.current, ...to, hash: to.hash ?? '' };
      void navigate(to, { replace: true, preventScrollReset: true });
    },
    [navigate],
  );

  // Which list a video was opened from: autoplay goes on with the next one of it. A press on a play link of this
  // page opens the player at once, before the router renders the new hash (see selectOnPress).
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      rememberPlayContextOf(event.target);
      selectOnPress(event, here.current);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);

  useEffect(() => {
    const page = `${location.pathname}${location.search}`;
    const previous = seen.current;
    // Compared by key, so a re-run of the effect (StrictMode) is not taken for a navigation.
    if (previous?.key === location.key) return;
    seen.current = { key: location.key, page };
    const videoId = videoIdOfHash(location.hash);
    if (previous && (previous.page !== page || videoId === null)) dispatchTheater({ type: 'navigate' });
    if (videoId !== null) dispatchTheater({ type: 'select', videoId });
  }, [location.key, location.pathname, location.search, location.hash]);

  const withoutPlayHash = useCallback(() => {
    const { pathname, search, hash } = here.current;
    if (videoIdOfHash(hash) !== null) go({ pathname, search });
  }, [go]);

  const close = useCallback(() => {
    dispatchTheater({ type: 'close' });
    withoutPlayHash();
  }, [withoutPlayHash]);

  const dock = useCallback(() => {
    dispatchTheater({ type: 'dock' });
    withoutPlayHash();
  }, [withoutPlayHash]);

  const expand = useCallback(() => {
    const { activeVideoId } = getTheaterState();
    dispatchTheater({ type: 'expand' });
    if (activeVideoId === null) return;
    const { pathname, search } = here.current;
    go({ pathname, search, hash: playHash(activeVideoId) });
  }, [go]);

  return { ...state, close, dock, expand };
}
