import { COOKIE_LIFETIME_DAYS, DAY_MS } from '@velora/shared';
import { STORAGE_KEYS, readStored, readStoredCookie, removeStored, writeStored, writeStoredCookie } from './storage';

/** Where the access token lives: a cookie in production and test builds, local storage otherwise (product §4). */
export type TokenStorageMode = 'cookie' | 'local-storage';

export function tokenStorageModeFor(env: { PROD: boolean; MODE: string }): TokenStorageMode {
  return env.PROD || env.MODE === 'test' ? 'cookie' : 'local-storage';
}

export interface AccessTokenStore {
  get(): string | null;
  /** `expiresAt`: when the token ends (unix seconds, the expires_at of a log-in answer); unknown for a handed-over one. */
  set(token: string | null, expiresAt?: number): void;
}

/**
 * The cookie ends with the token: at its expires_at, or a whole session from now when that is unknown, never later
 * than a session could last (a token kept past its end would only be refused).
 */
export function tokenCookieExpiry(expiresAt: number | undefined, nowMs = Date.now()): Date {
  const longest = nowMs + COOKIE_LIFETIME_DAYS.identity * DAY_MS;
  return new Date(expiresAt === undefined ? longest : Math.min(expiresAt * 1000, longest));
}

export function createAccessTokenStore(mode: TokenStorageMode): AccessTokenStore {
  const key = STORAGE_KEYS.accessToken;
  const asToken = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  if (mode === 'cookie') {
    return {
      get: () => asToken(readStoredCookie<unknown>(key)),
      set: (token, expiresAt) => (token ? writeStoredCookie(key, token, tokenCookieExpiry(expiresAt)) : removeStored(key)),
    };
  }
  return {
    get: () => asToken(readStored<unknown>(key)),
    set: (token) => (token ? writeStored(key, token) : removeStored(key)),
  };
}

const defaultStore = createAccessTokenStore(tokenStorageModeFor(import.meta.env));

/** The stored access token, or null. */
export function getAccessToken(): string | null {
  return defaultStore.get();
}

/** Stores the access token until `expiresAt` (unix seconds) when known; null (or empty) removes it. */
export function setAccessToken(token: string | null, expiresAt?: number): void {
  defaultStore.set(token, expiresAt);
}
