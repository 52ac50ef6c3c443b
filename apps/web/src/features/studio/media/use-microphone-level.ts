import { useEffect, useState } from 'react';

/** How often the meter's value is taken (ms): smooth enough to see, few enough renders. */
const LEVEL_INTERVAL_MS = 100;

/**
 * The loudness of a microphone track, 0..1 (the RMS of the waveform, scaled so speech fills most of the meter), from a
 * Web Audio AnalyserNode. null where the browser has no Web Audio or there is no track.
 */
export function useMicrophoneLevel(stream: MediaStream | null): number | null {
  const [level, setLevel] = useState<number | null>(null);
  const track = stream?.getAudioTracks()[0] ?? null;

  useEffect(() => {
    const AudioContextClass = typeof window !== 'undefined' ? window.AudioContext : undefined;
    if (!track || !AudioContextClass) {
      setLevel(null);
      return undefined;
    }
    const context = new AudioContextClass();
    const source = context.createMediaStreamSource(new MediaStream([track]));
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    source.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    const timer = window.setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      const rms = Math.sqrt(sum / samples.length);
      setLevel(Math.min(1, rms * 4));
    }, LEVEL_INTERVAL_MS);
    return () => {
      window.clearInterval(timer);
      source.disconnect();
      void context.close().catch(() => undefined);
    };
  }, [track]);

  return level;
}
