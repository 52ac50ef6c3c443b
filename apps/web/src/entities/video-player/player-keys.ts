import type { KeyboardEvent } from 'react';

const SEEK_STEP_S = 5;
const VOLUME_STEP = 0.1;

export interface PlayerKeyActions {
  togglePlay: () => void;
  seekBy: (delta: number) => void;
  /** Sets the volume to `next` (0 to 1). */
  changeVolume: (next: number) => void;
  /** The volume now, the base of a step up or down. */
  volume: () => number;
  toggleFullscreen: () => void;
  toggleMute: () => void;
  /** Shows the controls again. */
  wake: () => void;
}

/**
 * The player's keys, while focus is in it: Space or K play/pause, Left/Right seek 5 s, Up/Down volume, F full screen,
 * M mute. A focused button keeps Space, and a focused slider its own arrows.
 */
export function onPlayerKey(event: KeyboardEvent<HTMLDivElement>, actions: PlayerKeyActions): void {
  if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
  const target = event.target as HTMLElement;
  const isButton = target.tagName === 'BUTTON';
  const range = target instanceof HTMLInputElement && target.type === 'range' ? target : null;
  const onVolumeSlider = range?.dataset.control === 'volume';
  const onSeekSlider = range?.dataset.control === 'seek';
  let handled = true;
  switch (event.key) {
    case ' ':
      // A focused button answers Space itself.
      if (isButton || range) handled = false;
      else actions.togglePlay();
      break;
    case 'k':
    case 'K':
      actions.togglePlay();
      break;
    case 'ArrowLeft':
    case 'ArrowRight':
      if (onVolumeSlider) handled = false;
      else actions.seekBy(event.key === 'ArrowLeft' ? -SEEK_STEP_S : SEEK_STEP_S);
      break;
    case 'ArrowUp':
    case 'ArrowDown':
      if (onVolumeSlider || onSeekSlider) handled = false;
      else actions.changeVolume(actions.volume() + (event.key === 'ArrowUp' ? VOLUME_STEP : -VOLUME_STEP));
      break;
    case 'f':
    case 'F':
      actions.toggleFullscreen();
      break;
    case 'm':
    case 'M':
      actions.toggleMute();
      break;
    default:
      handled = false;
  }
  if (handled) {
    event.preventDefault();
    actions.wake();
  }
}
