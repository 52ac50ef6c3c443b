import { describe, expect, it } from 'vitest';
import { badgeCount, dayKey, dayLabel, relativeTime } from './time';

const NOW = new Date(2026, 10, 21, 15, 0, 0).getTime();
const MIN = 60_000;
const words = { today: 'Today', yesterday: 'Yesterday' };

describe('relativeTime', () => {
  it.each([
    [NOW - 10_000, 'now'],
    [NOW - 5 * MIN, '5 minutes ago'],
    [NOW - 3 * 60 * MIN, '3 hours ago'],
    [NOW - 24 * 60 * MIN, 'yesterday'],
    [NOW - 3 * 24 * 60 * MIN, '3 days ago'],
    [NOW - 14 * 24 * 60 * MIN, '2 weeks ago'],
    [NOW - 90 * 24 * 60 * MIN, '3 months ago'],
    [NOW - 800 * 24 * 60 * MIN, '2 years ago'],
  ])('%s → %s', (at, expected) => {
    expect(relativeTime(at, NOW, 'en')).toBe(expected);
  });

  it('speaks the page language', () => {
    expect(relativeTime(NOW - 5 * MIN, NOW, 'de')).toBe('vor 5 Minuten');
    expect(relativeTime(NOW - 5 * MIN, NOW, 'fr')).toBe('il y a 5 minutes');
  });
});

describe('dayLabel', () => {
  it('names today and yesterday, else the date', () => {
    expect(dayLabel(NOW - 60 * MIN, NOW, 'en', words)).toBe('Today');
    expect(dayLabel(new Date(2026, 10, 20, 23, 59).getTime(), NOW, 'en', words)).toBe('Yesterday');
    expect(dayLabel(new Date(2026, 10, 2, 9, 0).getTime(), NOW, 'en', words)).toBe('Monday, November 2');
    expect(dayLabel(new Date(2025, 0, 5, 9, 0).getTime(), NOW, 'en', words)).toBe('Sunday, January 5, 2025');
  });

  it('groups by the local calendar day', () => {
    expect(dayKey(new Date(2026, 0, 5, 0, 1).getTime())).toBe('2026-01-05');
    expect(dayKey(new Date(2026, 0, 5, 23, 59).getTime())).toBe('2026-01-05');
  });
});

describe('badgeCount', () => {
  it.each([
    [0, null],
    [-1, null],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [12_345, '99+'],
  ])('%s → %s', (count, expected) => {
    expect(badgeCount(count)).toBe(expected);
  });
});
