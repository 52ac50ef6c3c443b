import { useCallback, useEffect, useRef, useState } from 'react';
import type { QualityId } from './quality';
import { DEFAULT_QUALITY, audioConstraintsFor, videoConstraintsFor } from './quality';

// The camera and microphone of this browser (the studio's model, a playdate room's people): asked for only on a
// press (the browser's prompt then makes sense), the devices to choose from (kept current as devices come and go) and
// the quality the camera is asked for. Shared by features through lib/ (a feature may not import another).

export type MediaProblem = 'denied' | 'no-device' | 'busy' | 'unsupported' | 'failed';
export type MediaStatus = 'idle' | 'requesting' | 'ready' | 'error';

export interface MediaDeviceChoice {
  deviceId: string;
  label: string;
}

/** A getUserMedia refusal in the words the studio shows (the DOMException names of the Media Capture spec). */
export function mediaProblemOf(error: unknown): MediaProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'no-device';
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') return 'busy';
  return 'failed';
}

function mediaDevices(): MediaDevices | null {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function' ? navigator.mediaDevices : null;
}

/** A stream of the given tracks (a device change swaps one kind and keeps the other). */
function streamOf(tracks: MediaStreamTrack[]): MediaStream {
  return new MediaStream(tracks);
}

export interface LocalMedia {
  status: MediaStatus;
  problem: MediaProblem | null;
  stream: MediaStream | null;
  cameras: MediaDeviceChoice[];
  microphones: MediaDeviceChoice[];
  cameraId: string | null;
  microphoneId: string | null;
  quality: QualityId;
  /** Asks for the camera and microphone (the browser prompts the first time). */
  start: () => Promise<void>;
  chooseCamera: (deviceId: string) => Promise<void>;
  chooseMicrophone: (deviceId: string) => Promise<void>;
  chooseQuality: (quality: QualityId) => Promise<void>;
  /** Lets go of the camera and microphone (their lights go off); start() asks again. */
  stop: () => void;
}

export function useLocalMedia(): LocalMedia {
  const [status, setStatus] = useState<MediaStatus>('idle');
  const [problem, setProblem] = useState<MediaProblem | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [cameras, setCameras] = useState<MediaDeviceChoice[]>([]);
  const [microphones, setMicrophones] = useState<MediaDeviceChoice[]>([]);
  const [cameraId, setCameraId] = useState<string | null>(null);
  const [microphoneId, setMicrophoneId] = useState<string | null>(null);
  const [quality, setQuality] = useState<QualityId>(DEFAULT_QUALITY);
  const streamRef = useRef<MediaStream | null>(null);
  const qualityRef = useRef(quality);
  qualityRef.current = quality;

  const replaceStream = useCallback((next: MediaStream | null) => {
    const previous = streamRef.current;
    // Tracks the new stream no longer holds are released, so the camera light goes off.
    previous?.getTracks().forEach((track) => {
      if (!next?.getTracks().includes(track)) track.stop();
    });
    streamRef.current = next;
    setStream(next);
  }, []);

  const refreshDevices = useCallback(async () => {
    const devices = mediaDevices();
    if (!devices) return { cameras: [], microphones: [] };
    const all = await devices.enumerateDevices();
    const list = (kind: MediaDeviceKind) =>
      all
        .filter((d) => d.kind === kind && d.deviceId !== '')
        .map((d, index) => ({ deviceId: d.deviceId, label: d.label || `${kind === 'videoinput' ? 'Camera' : 'Microphone'} ${index + 1}` }));
    const next = { cameras: list('videoinput'), microphones: list('audioinput') };
    setCameras(next.cameras);
    setMicrophones(next.microphones);
    return next;
  }, []);

  const start = useCallback(async () => {
    const devices = mediaDevices();
    if (!devices) {
      setStatus('error');
      setProblem('unsupported');
      return;
    }
    setStatus('requesting');
    setProblem(null);
    try {
      const media = await devices.getUserMedia({ video: videoConstraintsFor(qualityRef.current, null), audio: audioConstraintsFor(null) });
      replaceStream(media);
      setCameraId(media.getVideoTracks()[0]?.getSettings().deviceId ?? null);
      setMicrophoneId(media.getAudioTracks()[0]?.getSettings().deviceId ?? null);
      // Labels are only given once permission is granted, so the list is read after.
      await refreshDevices();
      setStatus('ready');
    } catch (error) {
      setStatus('error');
      setProblem(mediaProblemOf(error));
    }
  }, [refreshDevices, replaceStream]);

  const switchDevice = useCallback(
    async (kind: 'video' | 'audio', deviceId: string) => {
      const devices = mediaDevices();
      const current = streamRef.current;
      if (!devices || !current) return;
      try {
        const media = await devices.getUserMedia(
          kind === 'video' ? { video: videoConstraintsFor(qualityRef.current, deviceId) } : { audio: audioConstraintsFor(deviceId) },
        );
        const fresh = kind === 'video' ? media.getVideoTracks() : media.getAudioTracks();
        const kept = current.getTracks().filter((track) => track.kind !== kind);
        replaceStream(streamOf([...fresh, ...kept]));
        if (kind === 'video') setCameraId(deviceId);
        else setMicrophoneId(deviceId);
        setProblem(null);
      } catch (error) {
        setProblem(mediaProblemOf(error));
      }
    },
    [replaceStream],
  );

  const chooseQuality = useCallback(async (next: QualityId) => {
    setQuality(next);
    qualityRef.current = next;
    const track = streamRef.current?.getVideoTracks()[0];
    if (!track) return;
    const { width, height, frameRate } = videoConstraintsFor(next, null);
    // A camera that cannot do it keeps its current size; the sender's ceiling still follows the choice.
    await track.applyConstraints({ width, height, frameRate }).catch(() => undefined);
  }, []);

  // Devices plugged in or out: the lists follow, and a chosen device that is gone is replaced by the first left.
  useEffect(() => {
    const devices = mediaDevices();
    if (!devices || status !== 'ready') return undefined;
    const onChange = () => {
      void refreshDevices().then((next) => {
        if (cameraId && !next.cameras.some((c) => c.deviceId === cameraId) && next.cameras[0]) void switchDevice('video', next.cameras[0].deviceId);
        if (microphoneId && !next.microphones.some((m) => m.deviceId === microphoneId) && next.microphones[0]) void switchDevice('audio', next.microphones[0].deviceId);
      });
    };
    devices.addEventListener('devicechange', onChange);
    return () => devices.removeEventListener('devicechange', onChange);
  }, [status, cameraId, microphoneId, refreshDevices, switchDevice]);

  const stop = useCallback(() => {
    replaceStream(null);
    setStatus('idle');
    setProblem(null);
  }, [replaceStream]);

  // Leaving the screen lets go of the camera.
  useEffect(() => () => streamRef.current?.getTracks().forEach((track) => track.stop()), []);

  return {
    status,
    problem,
    stream,
    cameras,
    microphones,
    cameraId,
    microphoneId,
    quality,
    start,
    chooseCamera: (deviceId) => switchDevice('video', deviceId),
    chooseMicrophone: (deviceId) => switchDevice('audio', deviceId),
    chooseQuality,
    stop,
  };
}
