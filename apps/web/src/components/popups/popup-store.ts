import { useSyncExternalStore } from 'react';
import type { PopupType } from '@velora/shared';

// The one store of product §4 popups: show, hide, update (merging data). Which component renders a
// type is the app's registry; features only name the type they want shown.

export type PopupData = Record<string, unknown>;
export interface PopupState {
  show: boolean;
  data: PopupData;
}
export type PopupStates = Partial<Record<PopupType, PopupState>>;

let states: PopupStates = {};
const listeners = new Set<() => void>();

function commit(next: PopupStates): void {
  states = next;
  for (const listener of listeners) listener();
}

export function showPopup(type: PopupType, data: PopupData = {}): void {
  commit({ ...states, [type]: { show: true, data } });
}

/** Hides a popup; `remove` also forgets its data. */
export function hidePopup(type: PopupType, options: { remove?: boolean } = {}): void {
  const current = states[type];
  if (!current) return;
  if (options.remove) {
    const next = { ...states };
    delete next[type];
    commit(next);
  } else if (current.show) {
    commit({ ...states, [type]: { ...current, show: false } });
  }
}

/** Merges data into a popup's state without changing whether it shows. */
export function updatePopup(type: PopupType, data: PopupData): void {
  const current = states[type] ?? { show: false, data: {} };
  commit({ ...states, [type]: { ...current, data: { ...current.data, ...data } } });
}

/** Closes every popup (on navigation and on logout, product §2 and §4). */
export function hideAllPopups(): void {
  if (!Object.values(states).some((s) => s?.show)) return;
  const next: PopupStates = {};
  for (const [type, state] of Object.entries(states) as [PopupType, PopupState][]) next[type] = { ...state, show: false };
  commit(next);
}

export function getPopupStates(): PopupStates {
  return states;
}

/** Told after every change of any popup's state. */
export function subscribePopups(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePopupStates(): PopupStates {
  return useSyncExternalStore(subscribePopups, getPopupStates, getPopupStates);
}

export function usePopup(type: PopupType): PopupState | undefined {
  return usePopupStates()[type];
}

/** For tests: forget every popup. */
export function resetPopups(): void {
  commit({});
}
