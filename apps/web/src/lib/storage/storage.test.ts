import { afterEach, describe, expect, it, vi } from 'vitest';
import { setErrorReporter } from '../report-error';
import { getCookie, setCookie } from './cookies';
import { STORAGE_KEYS, readStored, readStoredCookie, removeStored, writeStored, writeStoredCookie } from './storage';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  setErrorReporter(null);
});

const quotaExceeded = () => {
  throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
};

describe('STORAGE_KEYS', () => {
  it('holds the stored keys of product §3 as distinct strings', () => {
    const names = Object.values(STORAGE_KEYS);
    expect(new Set(names).size).toBe(names.length);
    for (const key of ['accessToken', 'language', 'videoQuality', 'volume', 'visitorId', 'approvedCookies', 'approvedAge', 'profileMenuFolded', 'tld', 'disabledRoles']) {
      expect(STORAGE_KEYS).toHaveProperty(key);
    }
  });
});

describe('readStored / writeStored', () => {
  it('writes JSON to localStorage and reads it back', () => {
    writeStored(STORAGE_KEYS.volume, 0.4);
    expect(localStorage.getItem(STORAGE_KEYS.volume)).toBe('0.4');
    expect(readStored<number>(STORAGE_KEYS.volume)).toBe(0.4);
  });

  it('reads an absent key as null', () => {
    expect(readStored(STORAGE_KEYS.language)).toBeNull();
  });

  it('falls back to a cookie of the same name when localStorage has nothing', () => {
    setCookie(STORAGE_KEYS.language, '"de"', 1);
    expect(readStored(STORAGE_KEYS.language)).toBe('de');
  });

  it('prefers localStorage over the cookie', () => {
    setCookie(STORAGE_KEYS.language, '"de"', 1);
    localStorage.setItem(STORAGE_KEYS.language, '"fr"');
    expect(readStored(STORAGE_KEYS.language)).toBe('fr');
  });

  it('reports, removes and treats as absent an unparseable localStorage value', () => {
    const reporter = vi.fn();
    setErrorReporter(reporter);
    localStorage.setItem(STORAGE_KEYS.videoQuality, '{not json');
    expect(readStored(STORAGE_KEYS.videoQuality)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.videoQuality)).toBeNull();
    expect(reporter).toHaveBeenCalledTimes(1);
    expect(reporter.mock.calls[0]?.[1]).toMatchObject({ key: STORAGE_KEYS.videoQuality, source: 'localStorage' });
  });

  it('reports, removes and treats as absent an unparseable cookie value', () => {
    const reporter = vi.fn();
    setErrorReporter(reporter);
    setCookie(STORAGE_KEYS.approvedAge, 'yes please', 1);
    expect(readStored(STORAGE_KEYS.approvedAge)).toBeNull();
    expect(getCookie(STORAGE_KEYS.approvedAge)).toBeNull();
    expect(reporter.mock.calls[0]?.[1]).toMatchObject({ key: STORAGE_KEYS.approvedAge, source: 'cookie' });
  });

  it('reports through console.warn when no reporter is plugged in', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(STORAGE_KEYS.volume, 'NaN?');
    expect(readStored(STORAGE_KEYS.volume)).toBeNull();
    expect(warn).toHaveBeenCalled();
  });

  it('falls back to a cookie for 365 days when the localStorage write fails', () => {
    vi.useFakeTimers({ now: new Date('2025-01-01T00:00:00Z'), toFake: ['Date'] });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(quotaExceeded);
    const writes = vi.spyOn(document, 'cookie', 'set');
    writeStored(STORAGE_KEYS.language, 'fr');
    expect(writes).toHaveBeenCalledWith(`${STORAGE_KEYS.language}=%22fr%22; expires=${new Date('2026-01-01T00:00:00Z').toUTCString()}; path=/; SameSite=Lax`);
    expect(readStored(STORAGE_KEYS.language)).toBe('fr');
  });

  it('drops an older localStorage copy when falling back, so the new value wins', () => {
    writeStored(STORAGE_KEYS.language, 'de');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(quotaExceeded);
    writeStored(STORAGE_KEYS.language, 'fr');
    expect(readStored(STORAGE_KEYS.language)).toBe('fr');
  });

  it('drops the fallback cookie once localStorage works again', () => {
    setCookie(STORAGE_KEYS.language, '"de"', 365);
    writeStored(STORAGE_KEYS.language, 'fr');
    expect(getCookie(STORAGE_KEYS.language)).toBeNull();
    expect(readStored(STORAGE_KEYS.language)).toBe('fr');
  });

  it('falls back to cookies when localStorage cannot even be read', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    setCookie(STORAGE_KEYS.tld, '"io"', 1);
    expect(readStored(STORAGE_KEYS.tld)).toBe('io');
  });

  it('writing undefined removes the value', () => {
    writeStored(STORAGE_KEYS.volume, 0.5);
    writeStored(STORAGE_KEYS.volume, undefined);
    expect(readStored(STORAGE_KEYS.volume)).toBeNull();
  });
});

describe('removeStored', () => {
  it('removes the value from localStorage and from the cookie fallback', () => {
    localStorage.setItem(STORAGE_KEYS.tld, '"io"');
    setCookie(STORAGE_KEYS.tld, '"io"', 1);
    removeStored(STORAGE_KEYS.tld);
    expect(localStorage.getItem(STORAGE_KEYS.tld)).toBeNull();
    expect(getCookie(STORAGE_KEYS.tld)).toBeNull();
  });
});

describe('readStoredCookie / writeStoredCookie', () => {
  it('keeps a JSON value in a cookie only, ignoring localStorage', () => {
    writeStoredCookie(STORAGE_KEYS.accessToken, 'tok', 1);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    localStorage.setItem(STORAGE_KEYS.accessToken, '"other"');
    expect(readStoredCookie(STORAGE_KEYS.accessToken)).toBe('tok');
  });
});
