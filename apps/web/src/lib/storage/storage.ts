import { COOKIE_LIFETIME_DAYS, DISABLED_ROLES_COOKIE } from '@velora/shared';
import { reportError } from '../report-error';
import { deleteCookie, getCookie, setCookie } from './cookies';

/** The stored keys of product §3 (plus autoplay, a player preference of §3). Used as localStorage keys and cookie names. */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  language: 'language',
  videoQuality: 'video_quality',
  volume: 'volume',
  autoplay: 'autoplay',
  /** The visit id the server hands out in the visit-id response header. */
  visitorId: 'visitor_id',
  approvedCookies: 'approved_cookies',
  approvedAge: 'approved_age',
  profileMenuFolded: 'profile_menu_folded',
  tld: 'tld',
  /** One-time success markers (product §3 success_buy, §4): written when a purchase or a tip succeeded, cleared when its popup shows. */
  successBuy: 'success_buy',
  successBuyCoins: 'success_buy_coins',
  successModelTip: 'success_model_tip',
  /** A plain comma-list cookie (product §6), not JSON: read it only through disabled-roles.ts. */
  disabledRoles: DISABLED_ROLES_COOKIE,
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
/** Keys holding JSON, in localStorage or in the cookie fallback. */
export type JsonStorageKey = Exclude<StorageKey, typeof STORAGE_KEYS.disabledRoles>;

/** localStorage, or null where the browser disables it (access itself can throw). */
function local(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function localGet(key: string): string | null {
  try {
    return local()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function localRemove(key: string): void {
  try {
    local()?.removeItem(key);
  } catch {
    // Storage disabled: nothing stored there to remove.
  }
}

/** Parses a raw stored value; an unparseable one is reported, removed everywhere and treated as absent (product §4, §8). */
function parseRaw<T>(key: JsonStorageKey, raw: string, source: 'localStorage' | 'cookie'): T | null {
  try {
    return JSON.parse(raw) as T;
  } catch (error) {
    reportError(error, { reason: 'Unparseable stored value', key, source });
    removeStored(key);
    return null;
  }
}

/** Reads a JSON value from localStorage, falling back to the cookie of the same name. */
export function readStored<T>(key: JsonStorageKey): T | null {
  const fromLocal = localGet(key);
  if (fromLocal !== null) return parseRaw<T>(key, fromLocal, 'localStorage');
  return readStoredCookie<T>(key);
}

/** Reads a JSON value from the cookie `key` only (values kept in a cookie on purpose, e.g. the access token). */
export function readStoredCookie<T>(key: JsonStorageKey): T | null {
  const fromCookie = getCookie(key);
  return fromCookie === null ? null : parseRaw<T>(key, fromCookie, 'cookie');
}

/** Writes a JSON value to the cookie `key` only. */
export function writeStoredCookie(key: JsonStorageKey, value: unknown, lifetime: number | Date): void {
  setCookie(key, JSON.stringify(value), lifetime);
}

/**
 * Writes a JSON value to localStorage; when that fails (quota, disabled storage) it goes to a
 * cookie for 365 days instead (product §4, §9). `undefined` removes the value.
 */
export function writeStored(key: JsonStorageKey, value: unknown): void {
  if (value === undefined) {
    removeStored(key);
    return;
  }
  const json = JSON.stringify(value);
  try {
    const storage = local();
    if (!storage) throw new Error('localStorage is not available');
    storage.setItem(key, json);
  } catch {
    // Drop any older localStorage copy, which readStored would otherwise prefer over the cookie.
    localRemove(key);
    setCookie(key, json, COOKIE_LIFETIME_DAYS.storageFallback);
    return;
  }
  if (getCookie(key) !== null) deleteCookie(key);
}

/** Removes a value from localStorage and from the cookie fallback. */
export function removeStored(key: StorageKey): void {
  localRemove(key);
  deleteCookie(key);
}
