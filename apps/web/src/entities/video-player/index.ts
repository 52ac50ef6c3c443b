export type { VideoPlayerProps } from './video-player';
export { VideoPlayer } from './video-player';
export { formatClock } from './format-time';
export { playHash, playLocation, videoIdOfHash } from './play-hash';
export type { QualityOption } from './quality';
export { AUTO_QUALITY, qualityOptions, optionForPreference } from './quality';
