// What the player's buttons and keys do to the <video> element and its wrapper; the element's own events then update
// the player's state (use-playback-progress.ts), so these never set state themselves.

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function togglePlay(video: HTMLVideoElement | null): void {
  if (!video) return;
  if (video.paused || video.ended) void video.play().catch(() => undefined);
  else video.pause();
}

export function seekBy(video: HTMLVideoElement | null, delta: number): void {
  if (!video || !Number.isFinite(video.duration)) return;
  video.currentTime = clamp(video.currentTime + delta, 0, video.duration);
}

export function changeVolume(video: HTMLVideoElement | null, next: number): void {
  if (!video) return;
  video.volume = clamp(Math.round(next * 100) / 100, 0, 1);
  video.muted = video.volume === 0;
}

export function toggleMute(video: HTMLVideoElement | null): void {
  if (!video) return;
  if (video.muted && video.volume === 0) video.volume = 1;
  video.muted = !video.muted;
}

export function toggleFullscreen(wrapper: HTMLElement | null): void {
  if (!wrapper) return;
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  else void wrapper.requestFullscreen?.().catch(() => undefined);
}

export function togglePip(video: HTMLVideoElement | null): void {
  if (!video) return;
  if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => undefined);
  else void video.requestPictureInPicture?.().catch(() => undefined);
}
