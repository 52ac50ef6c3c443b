import { COOKIE_LIFETIME_DAYS } from '@velora/shared';
import { STORAGE_KEYS, readStored, readStoredCookie, removeStored, writeStored, writeStoredCookie } from './storage';

/** Where the access token lives: a cookie in production and test builds, local storage otherwise (SPEC §4). */
export type TokenStorageMode = 'cookie' | 'local-storage';

export function tokenStorageModeFor(env: { PROD: boolean; MODE: string }): TokenStorageMode {
  return env.PROD || env.MODE === 'test' ? 'cookie' : 'local-storage';
}

export interface AccessTokenStore {
  get(): string | null;
  set(token: string | null): void;
}

export function createAccessTokenStore(mode: TokenStorageMode): AccessTokenStore {
  const key = STORAGE_KEYS.accessToken;
  const asToken = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  if (mode === 'cookie') {
    return {
      get: () => asToken(readStoredCookie<unknown>(key)),
      set: (token) => (token ? writeStoredCookie(key, token, COOKIE_LIFETIME_DAYS.identity) : removeStored(key)),
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

/** Stores the access token; null (or empty) removes it. */
export function setAccessToken(token: string | null): void {
  defaultStore.set(token);
}
