import { afterEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '@velora/shared';
import { deleteCookie, getCookie, setCookie } from './cookies';

/** Records each string assigned to document.cookie (the writes still happen). */
const spyOnCookieWrites = () => vi.spyOn(document, 'cookie', 'set');

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('cookies', () => {
  it('round-trips a value, encoding characters a cookie cannot hold', () => {
    setCookie('name', 'a b;c=d,é', 1);
    expect(getCookie('name')).toBe('a b;c=d,é');
  });

  it('returns null for a cookie that is not set', () => {
    setCookie('other', 'x', 1);
    expect(getCookie('missing')).toBeNull();
    expect(getCookie('othe')).toBeNull();
  });

  it('writes path /, SameSite=Lax and an expiry the given number of days ahead', () => {
    vi.useFakeTimers({ now: new Date('2025-03-01T12:00:00Z'), toFake: ['Date'] });
    const writes = spyOnCookieWrites();
    setCookie('pref', 'v', 365);
    const expires = new Date(Date.parse('2025-03-01T12:00:00Z') + 365 * DAY_MS).toUTCString();
    expect(writes).toHaveBeenCalledWith(`pref=v; expires=${expires}; path=/; SameSite=Lax`);
  });

  it('defaults to a lifetime of 1 day (product §9)', () => {
    vi.useFakeTimers({ now: new Date('2025-03-01T12:00:00Z'), toFake: ['Date'] });
    const writes = spyOnCookieWrites();
    setCookie('short', 'v');
    expect(writes.mock.calls[0]?.[0]).toContain(`expires=${new Date(Date.parse('2025-03-02T12:00:00Z')).toUTCString()}`);
  });

  it('adds Secure on https', () => {
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, protocol: 'https:' } as Location);
    const writes = spyOnCookieWrites();
    setCookie('s', 'v', 1);
    expect(writes.mock.calls[0]?.[0]).toMatch(/; SameSite=Lax; Secure$/);
  });

  it('deletes a cookie', () => {
    setCookie('gone', 'v', 1);
    deleteCookie('gone');
    expect(getCookie('gone')).toBeNull();
  });
});
