import type { ComponentType } from 'react';
import { lazy, useState } from 'react';
import type { TheaterPlayerProps } from './components/theater-player';

// The theater player is its own chunk, loaded with the first video opened, or before that when a card prepares its
// video (playback-prefetcher.ts). Loaded ahead, it renders at once: a lazy component would suspend for a turn even
// then, and React holds a revealed Suspense boundary back up to 300 ms (decision record 053).

let loaded: ComponentType<TheaterPlayerProps> | null = null;
let loading: Promise<{ default: ComponentType<TheaterPlayerProps> }> | null = null;
const alongside: Array<() => Promise<unknown>> = [];

/** Something the player needs with its chunk before it renders (the app adds the rest of English, decision 052). */
export function loadWithTheaterPlayer(load: () => Promise<unknown>): void {
  alongside.push(load);
}

/** Fetches and evaluates the player's chunk once (again after a failure); the player library follows. */
export function loadTheaterPlayer(): Promise<{ default: ComponentType<TheaterPlayerProps> }> {
  loading ??= Promise.all([import('./components/theater-player'), ...alongside.map((load) => load())]).then(
    ([module]) => {
      loaded = module.default;
      module.preloadPlayerLibrary().catch(() => undefined);
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const Lazy = lazy(loadTheaterPlayer);

/** The theater player: at once when its chunk is loaded, else through Suspense. */
export function TheaterPlayer(props: TheaterPlayerProps) {
  // Chosen once per mount: switching from the lazy wrapper to the loaded component would remount the player.
  const [Player] = useState<ComponentType<TheaterPlayerProps>>(() => loaded ?? Lazy);
  return <Player {...props} />;
}
