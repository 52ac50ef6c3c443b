// The qualities a model may publish in (decision record 035). One encoding, no simulcast: the SFU forwards what she
// sends, and LL-HLS serves the viewers it is too much for; the bitrates are what VP8 and H.264 need for a face and a
// room at 30 fps without visible blocking.

export const QUALITY_IDS = ['1080p', '720p', '480p', '360p'] as const;
export type QualityId = (typeof QUALITY_IDS)[number];

export interface Quality {
  id: QualityId;
  width: number;
  height: number;
  frameRate: number;
  /** The video sender's ceiling, bits per second. */
  maxBitrate: number;
}

export const QUALITIES: Record<QualityId, Quality> = {
  '1080p': { id: '1080p', width: 1920, height: 1080, frameRate: 30, maxBitrate: 4_000_000 },
  '720p': { id: '720p', width: 1280, height: 720, frameRate: 30, maxBitrate: 2_500_000 },
  '480p': { id: '480p', width: 854, height: 480, frameRate: 30, maxBitrate: 1_200_000 },
  '360p': { id: '360p', width: 640, height: 360, frameRate: 30, maxBitrate: 700_000 },
};

export const DEFAULT_QUALITY: QualityId = '720p';

export function isQualityId(value: string): value is QualityId {
  return (QUALITY_IDS as readonly string[]).includes(value);
}

/** The camera constraints of a quality: "ideal", so a camera that cannot do 1080p still gives its best instead of failing. */
export function videoConstraintsFor(quality: QualityId, deviceId: string | null): MediaTrackConstraints {
  const { width, height, frameRate } = QUALITIES[quality];
  return {
    width: { ideal: width },
    height: { ideal: height },
    frameRate: { ideal: frameRate },
    ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
  };
}

export function audioConstraintsFor(deviceId: string | null): MediaTrackConstraints {
  return { echoCancellation: true, noiseSuppression: true, autoGainControl: true, ...(deviceId ? { deviceId: { exact: deviceId } } : {}) };
}
