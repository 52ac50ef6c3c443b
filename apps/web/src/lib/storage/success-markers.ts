import type { PlanPeriod } from '@velora/shared';
import { STORAGE_KEYS, readStored, removeStored, writeStored } from './storage';

// The one-time success markers of product §4: a purchase or a tip that succeeded leaves one, and its success popup reads
// and clears it when it shows, so the popup appears once (a reload does not bring it back, a reload before it showed
// does not lose it). A marker belongs to the user who paid: another user on the same browser never sees it.

export interface SuccessMarkers {
  /** A membership was bought (product §3 success_buy); it also keeps the subscription popup away (product §4). */
  successBuy: { user_id: number; payment_id: string; plan_name: string | null; plan?: PlanPeriod | null };
  /** Coins were bought. */
  successBuyCoins: { user_id: number; payment_id: string; coins: number | null };
  /** A tip was sent. */
  successModelTip: { user_id: number; model_id: number; model_name: string | null; coins: number; balance: number };
}
export type SuccessMarkerKind = keyof SuccessMarkers;

function read<K extends SuccessMarkerKind>(kind: K): SuccessMarkers[K] | null {
  const value = readStored<unknown>(STORAGE_KEYS[kind]);
  if (typeof value !== 'object' || value === null || typeof (value as { user_id?: unknown }).user_id !== 'number') return null;
  return value as SuccessMarkers[K];
}

export function writeSuccessMarker<K extends SuccessMarkerKind>(kind: K, marker: SuccessMarkers[K]): void {
  writeStored(STORAGE_KEYS[kind], marker);
}

/** Whether `userId` has this marker waiting. */
export function hasSuccessMarker(kind: SuccessMarkerKind, userId: number): boolean {
  return read(kind)?.user_id === userId;
}

/** Reads and clears the marker of `userId` (a marker of someone else, or a malformed one, is cleared and ignored). */
export function takeSuccessMarker<K extends SuccessMarkerKind>(kind: K, userId: number): SuccessMarkers[K] | null {
  const marker = read(kind);
  removeStored(STORAGE_KEYS[kind]);
  return marker?.user_id === userId ? marker : null;
}
