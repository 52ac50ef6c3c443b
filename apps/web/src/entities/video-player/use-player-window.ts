import type { RefObject } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';

const IDLE_AFTER_MS = 2500;

/** Whether the player fills the screen, follows the document's full-screen element. */
export function useFullscreen(wrapperRef: RefObject<HTMLDivElement | null>): boolean {
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === wrapperRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [wrapperRef]);
  return fullscreen;
}

interface PictureInPictureCallbacks {
  onPictureInPictureChange?: ((active: boolean) => void) | undefined;
}

/** Whether the video plays in the browser's picture-in-picture window; `callbacks` is read at each event. */
export function usePictureInPicture(videoRef: RefObject<HTMLVideoElement | null>, callbacks: RefObject<PictureInPictureCallbacks>): boolean {
  const [pip, setPip] = useState(false);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return undefined;
    const onEnter = () => {
      setPip(true);
      callbacks.current.onPictureInPictureChange?.(true);
    };
    const onLeave = () => {
      setPip(false);
      callbacks.current.onPictureInPictureChange?.(false);
    };
    video.addEventListener('enterpictureinpicture', onEnter);
    video.addEventListener('leavepictureinpicture', onLeave);
    return () => {
      video.removeEventListener('enterpictureinpicture', onEnter);
      video.removeEventListener('leavepictureinpicture', onLeave);
    };
  }, [videoRef, callbacks]);
  return pip;
}

/** The controls fade after a while without a pointer move, key or focus: `wake` shows them and restarts the wait. */
export function useIdle(): { idle: boolean; wake: () => void } {
  const [idle, setIdle] = useState(false);
  const idleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(idleTimer.current), []);
  const wake = useCallback(() => {
    setIdle(false);
    clearTimeout(idleTimer.current);
    idleTimer.current = setTimeout(() => setIdle(true), IDLE_AFTER_MS);
  }, []);
  return { idle, wake };
}
