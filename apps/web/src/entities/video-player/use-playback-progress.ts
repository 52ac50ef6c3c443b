import type { RefObject, SyntheticEvent } from 'react';
import { useEffect, useState } from 'react';
import { getVolume, setVolume } from '@/lib/storage';

export interface PlaybackCallbacks {
  onProgress?: ((seconds: number, duration: number) => void) | undefined;
  onPause?: ((seconds: number, duration: number) => void) | undefined;
  onEnded?: ((duration: number) => void) | undefined;
}

type MediaEvent = SyntheticEvent<HTMLVideoElement>;

/**
 * What the <video> element reports (playing, waiting, time, duration, buffered end, volume), as state, and the event
 * handlers that keep it; the volume is remembered (product §3) and the stored one applies before anything plays.
 * `callbacks` is read at each event, so the latest props answer.
 */
export function usePlaybackProgress(videoRef: RefObject<HTMLVideoElement | null>, callbacks: RefObject<PlaybackCallbacks>) {
  const [playing, setPlaying] = useState(false);
  const [waiting, setWaiting] = useState(true);
  const [currentTime, setCurrentTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [bufferedEnd, setBufferedEnd] = useState(0);
  const [volume, setVolumeState] = useState(getVolume);
  const [muted, setMuted] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    if (video) video.volume = getVolume();
  }, [videoRef]);

  const mediaEvents = {
    onPlay: () => setPlaying(true),
    onPause: (event: MediaEvent) => {
      setPlaying(false);
      const v = event.currentTarget;
      // A pause at the very end is followed by "ended", which reports on its own.
      if (!v.ended) callbacks.current.onPause?.(v.currentTime, v.duration);
    },
    onEnded: (event: MediaEvent) => {
      setPlaying(false);
      callbacks.current.onEnded?.(event.currentTarget.duration);
    },
    onWaiting: () => setWaiting(true),
    onPlaying: () => setWaiting(false),
    onCanPlay: () => setWaiting(false),
    onTimeUpdate: (event: MediaEvent) => {
      const v = event.currentTarget;
      setCurrentTime(v.currentTime);
      if (!v.paused) callbacks.current.onProgress?.(v.currentTime, v.duration);
    },
    onDurationChange: (event: MediaEvent) => setDuration(Number.isFinite(event.currentTarget.duration) ? event.currentTarget.duration : 0),
    onProgress: (event: MediaEvent) => {
      const { buffered, currentTime: now } = event.currentTarget;
      for (let i = 0; i < buffered.length; i += 1) {
        if (buffered.start(i) <= now + 0.5 && buffered.end(i) >= now) setBufferedEnd(buffered.end(i));
      }
    },
    onVolumeChange: (event: MediaEvent) => {
      const v = event.currentTarget;
      setVolumeState(v.volume);
      setMuted(v.muted);
      setVolume(v.volume);
    },
  };

  return { playing, waiting, currentTime, duration, bufferedEnd, volume, muted, mediaEvents };
}
