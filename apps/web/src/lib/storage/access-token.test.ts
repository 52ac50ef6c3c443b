import { afterEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS, SESSION_LIFETIME_DAYS } from '@velora/shared';
import { createAccessTokenStore, getAccessToken, setAccessToken, tokenStorageModeFor } from './access-token';
import { getCookie } from './cookies';
import { STORAGE_KEYS } from './storage';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('tokenStorageModeFor (product §4)', () => {
  it.each([
    [{ PROD: true, MODE: 'production' }, 'cookie'],
    [{ PROD: false, MODE: 'test' }, 'cookie'],
    [{ PROD: false, MODE: 'development' }, 'local-storage'],
    [{ PROD: true, MODE: 'staging' }, 'cookie'],
  ] as const)('%j → %s', (env, mode) => {
    expect(tokenStorageModeFor(env)).toBe(mode);
  });
});

describe('access token in cookie mode (production and test builds)', () => {
  it('keeps the token in a cookie, not in localStorage', () => {
    const store = createAccessTokenStore('cookie');
    store.set('tok-c');
    expect(store.get()).toBe('tok-c');
    expect(getCookie(STORAGE_KEYS.accessToken)).not.toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('keeps the cookie exactly as long as the token lives (expires_at of the log-in answer)', () => {
    vi.useFakeTimers({ now: new Date('2025-06-01T00:00:00Z'), toFake: ['Date'] });
    const writes = vi.spyOn(document, 'cookie', 'set');
    const expiresAt = Date.parse('2025-07-01T00:00:00Z') / 1000;
    createAccessTokenStore('cookie').set('tok', expiresAt);
    expect(writes.mock.calls[0]?.[0]).toContain(`expires=${new Date(expiresAt * 1000).toUTCString()}`);
  });

  it('keeps a token of unknown expiry (handed over by a sister domain) no longer than a session lasts, 30 days', () => {
    vi.useFakeTimers({ now: new Date('2025-06-01T00:00:00Z'), toFake: ['Date'] });
    const writes = vi.spyOn(document, 'cookie', 'set');
    createAccessTokenStore('cookie').set('tok');
    expect(SESSION_LIFETIME_DAYS).toBe(30);
    expect(writes.mock.calls[0]?.[0]).toContain(`expires=${new Date(Date.parse('2025-06-01T00:00:00Z') + 30 * DAY_MS).toUTCString()}`);
  });

  it('never keeps the cookie past the session lifetime, whatever expiry it is given', () => {
    vi.useFakeTimers({ now: new Date('2025-06-01T00:00:00Z'), toFake: ['Date'] });
    const writes = vi.spyOn(document, 'cookie', 'set');
    createAccessTokenStore('cookie').set('tok', Date.parse('2026-06-01T00:00:00Z') / 1000);
    expect(writes.mock.calls[0]?.[0]).toContain(`expires=${new Date(Date.parse('2025-06-01T00:00:00Z') + 30 * DAY_MS).toUTCString()}`);
  });

  it('marks the cookie Secure on https', () => {
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, protocol: 'https:' } as Location);
    const writes = vi.spyOn(document, 'cookie', 'set');
    createAccessTokenStore('cookie').set('tok');
    expect(writes.mock.calls[0]?.[0]).toMatch(/; path=\/; SameSite=Lax; Secure$/);
  });

  it('removes the cookie when set to null', () => {
    const store = createAccessTokenStore('cookie');
    store.set('tok');
    store.set(null);
    expect(store.get()).toBeNull();
    expect(getCookie(STORAGE_KEYS.accessToken)).toBeNull();
  });
});

describe('access token in local-storage mode (development builds)', () => {
  it('keeps the token in localStorage, not in a cookie', () => {
    const store = createAccessTokenStore('local-storage');
    store.set('tok-l');
    expect(store.get()).toBe('tok-l');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('"tok-l"');
    expect(getCookie(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('removes it when set to null', () => {
    const store = createAccessTokenStore('local-storage');
    store.set('tok');
    store.set(null);
    expect(store.get()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });
});

describe('getAccessToken / setAccessToken', () => {
  it('use the cookie in this (test) build', () => {
    setAccessToken('tok-default');
    expect(getAccessToken()).toBe('tok-default');
    expect(getCookie(STORAGE_KEYS.accessToken)).toBe('"tok-default"');
  });

  it('read a token that is not a non-empty string as absent', () => {
    document.cookie = `${STORAGE_KEYS.accessToken}=42; path=/`;
    expect(getAccessToken()).toBeNull();
  });
});
