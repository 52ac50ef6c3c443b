import { useEffect, useRef } from 'react';

/** A live picture: a remote side's stream, or one's own preview (muted, mirrored, so it feels like a mirror). */
export function RoomVideo({ stream, label, own = false, testId }: { stream: MediaStream | null; label: string; own?: boolean; testId: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={ref}
      className={['playdate-video', own ? 'playdate-video--own' : ''].filter(Boolean).join(' ')}
      data-testid={testId}
      aria-label={label}
      autoPlay
      playsInline
      // One's own microphone is never played back (echo); a remote side's sound is.
      muted={own}
    />
  );
}
