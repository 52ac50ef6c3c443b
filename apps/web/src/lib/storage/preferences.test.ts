import { describe, expect, it } from 'vitest';
import {
  getApprovedAge,
  getApprovedCookies,
  getAutoplay,
  getLanguage,
  getProfileMenuFolded,
  getVideoQuality,
  getVolume,
  setApprovedAge,
  setApprovedCookies,
  setAutoplay,
  setLanguage,
  setProfileMenuFolded,
  setVideoQuality,
  setVolume,
} from './preferences';
import { STORAGE_KEYS } from './storage';

describe('preference defaults (product §3, §9)', () => {
  it.each([
    ['language', getLanguage, null],
    ['video quality', getVideoQuality, 'auto'],
    ['volume', getVolume, 1],
    ['autoplay', getAutoplay, true],
    ['profile menu folded', getProfileMenuFolded, false],
    ['approved cookies', getApprovedCookies, false],
    ['approved age', getApprovedAge, false],
  ] as const)('%s defaults to %j', (_name, get, expected) => {
    expect(get()).toBe(expected);
  });
});

describe('preferences round-trip', () => {
  it.each([
    ['language', () => setLanguage('fr'), getLanguage, 'fr'],
    ['video quality', () => setVideoQuality('720'), getVideoQuality, '720'],
    ['volume', () => setVolume(0.3), getVolume, 0.3],
    ['autoplay', () => setAutoplay(false), getAutoplay, false],
    ['profile menu folded', () => setProfileMenuFolded(true), getProfileMenuFolded, true],
    ['approved cookies', () => setApprovedCookies(true), getApprovedCookies, true],
    ['approved age', () => setApprovedAge(true), getApprovedAge, true],
  ] as const)('%s', (_name, set, get, expected) => {
    set();
    expect(get()).toBe(expected);
  });

  it('clears the language with null', () => {
    setLanguage('de');
    setLanguage(null);
    expect(getLanguage()).toBeNull();
  });
});

describe('preference validation', () => {
  it('clamps the volume to 0..1 and ignores a non-finite one', () => {
    setVolume(3);
    expect(getVolume()).toBe(1);
    setVolume(-1);
    expect(getVolume()).toBe(0);
    setVolume(Number.NaN);
    expect(getVolume()).toBe(0);
  });

  it.each([
    [STORAGE_KEYS.language, '"xx"', getLanguage, null],
    [STORAGE_KEYS.volume, '"loud"', getVolume, 1],
    [STORAGE_KEYS.autoplay, '"no"', getAutoplay, true],
    [STORAGE_KEYS.videoQuality, '720', getVideoQuality, 'auto'],
    [STORAGE_KEYS.approvedAge, '1', getApprovedAge, false],
  ] as const)('a stored %s of the wrong type (%s) reads as the default', (key, raw, get, expected) => {
    localStorage.setItem(key, raw);
    expect(get()).toBe(expected);
  });
});
