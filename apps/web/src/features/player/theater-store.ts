import { useSyncExternalStore } from 'react';
import type { TheaterEvent, TheaterState } from './theater-state';
import { CLOSED, theaterReducer } from './theater-state';

// The player preferences of product §3 that live for the visit: theater mode, the picture-in-picture
// flag and the active video. One store, because the player outlives the page that opened it.

let state: TheaterState = CLOSED;
const listeners = new Set<() => void>();

export function dispatchTheater(event: TheaterEvent): void {
  const next = theaterReducer(state, event);
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

export function getTheaterState(): TheaterState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheaterState(): TheaterState {
  return useSyncExternalStore(subscribe, getTheaterState, getTheaterState);
}

/** For tests: close the player. */
export function resetTheater(): void {
  state = CLOSED;
  for (const listener of listeners) listener();
}
