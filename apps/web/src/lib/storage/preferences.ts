import type { Language } from '@velora/shared';
import { PLAYER_DEFAULTS, isLanguage } from '@velora/shared';
import { STORAGE_KEYS, readStored, removeStored, writeStored } from './storage';

// Typed preferences over readStored/writeStored (localStorage, cookie fallback for 365 days, product §9).
// A parseable value of the wrong type reads as the default.

type FlagKey =
  | typeof STORAGE_KEYS.autoplay
  | typeof STORAGE_KEYS.approvedCookies
  | typeof STORAGE_KEYS.approvedAge
  | typeof STORAGE_KEYS.profileMenuFolded;

function readBoolean(key: FlagKey, fallback: boolean): boolean {
  const value = readStored<unknown>(key);
  return typeof value === 'boolean' ? value : fallback;
}

/** The chosen language, or null before one was chosen (first-visit rules then apply). */
export function getLanguage(): Language | null {
  const value = readStored<unknown>(STORAGE_KEYS.language);
  return isLanguage(value) ? value : null;
}

export function setLanguage(language: Language | null): void {
  if (language === null) removeStored(STORAGE_KEYS.language);
  else writeStored(STORAGE_KEYS.language, language);
}

export function getVideoQuality(): string {
  const value = readStored<unknown>(STORAGE_KEYS.videoQuality);
  return typeof value === 'string' && value !== '' ? value : PLAYER_DEFAULTS.quality;
}

export function setVideoQuality(quality: string): void {
  writeStored(STORAGE_KEYS.videoQuality, quality);
}

/** Volume between 0 and 1. */
export function getVolume(): number {
  const value = readStored<unknown>(STORAGE_KEYS.volume);
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : PLAYER_DEFAULTS.volume;
}

export function setVolume(volume: number): void {
  if (!Number.isFinite(volume)) return;
  writeStored(STORAGE_KEYS.volume, Math.min(1, Math.max(0, volume)));
}

export function getAutoplay(): boolean {
  return readBoolean(STORAGE_KEYS.autoplay, PLAYER_DEFAULTS.autoplay);
}

export function setAutoplay(autoplay: boolean): void {
  writeStored(STORAGE_KEYS.autoplay, autoplay);
}

export function getProfileMenuFolded(): boolean {
  return readBoolean(STORAGE_KEYS.profileMenuFolded, false);
}

export function setProfileMenuFolded(folded: boolean): void {
  writeStored(STORAGE_KEYS.profileMenuFolded, folded);
}

/** Cookie consent given (product §4: the cookie popup shows only without it). */
export function getApprovedCookies(): boolean {
  return readBoolean(STORAGE_KEYS.approvedCookies, false);
}

export function setApprovedCookies(approved: boolean): void {
  writeStored(STORAGE_KEYS.approvedCookies, approved);
}

export function getApprovedAge(): boolean {
  return readBoolean(STORAGE_KEYS.approvedAge, false);
}

export function setApprovedAge(approved: boolean): void {
  writeStored(STORAGE_KEYS.approvedAge, approved);
}
