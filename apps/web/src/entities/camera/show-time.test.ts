import { describe, expect, it } from 'vitest';
import { formatShowTime } from './show-time';

const at = (date: Date) => Math.floor(date.getTime() / 1000);
const now = new Date(2030, 0, 7, 12, 0); // a Monday

describe('formatShowTime', () => {
  it('says the time alone for a show today', () => {
    expect(formatShowTime(at(new Date(2030, 0, 7, 18, 30)), 'en', now)).toMatch(/^6:30\sPM$/);
    expect(formatShowTime(at(new Date(2030, 0, 7, 18, 30)), 'de', now)).toBe('18:30');
  });

  it('adds the weekday within a week, in the page language', () => {
    expect(formatShowTime(at(new Date(2030, 0, 9, 20, 0)), 'en', now)).toMatch(/^Wednesday.*8:00/);
    expect(formatShowTime(at(new Date(2030, 0, 9, 20, 0)), 'fr', now)).toMatch(/^mercredi.*20:00/);
  });

  it('gives the date beyond a week', () => {
    expect(formatShowTime(at(new Date(2030, 1, 20, 20, 0)), 'en', now)).toMatch(/Feb 20, 2030/);
  });
});
