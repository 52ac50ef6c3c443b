import { describe, expect, it } from 'vitest';
import { changeVideoFilters, readVideoFilters, tagName, toggleTag, writeVideoFilters } from './filters';

const read = (search: string) => readVideoFilters(new URLSearchParams(search));

describe('readVideoFilters (URL → state)', () => {
  it('reads every filter', () => {
    expect(read('page=3&order=top_rated&tags=5,2&query=%20sunset%20')).toEqual({ page: 3, order: 'top_rated', tags: [2, 5], query: 'sunset' });
  });

  it('falls back to defaults for missing or bad values', () => {
    expect(read('')).toEqual({ page: 1, order: 'newest', tags: [], query: '' });
    expect(read('page=0&order=random&tags=a,,3,-1,3')).toEqual({ page: 1, order: 'newest', tags: [3], query: '' });
    expect(read('page=-5').page).toBe(1);
  });
});

describe('writeVideoFilters (state → URL)', () => {
  it('writes non-default values and leaves defaults out', () => {
    expect(writeVideoFilters({ page: 2, order: 'longest', tags: [7, 1], query: 'lake' }).toString()).toBe('page=2&order=longest&tags=1%2C7&query=lake');
    expect(writeVideoFilters({ page: 1, order: 'newest', tags: [], query: '  ' }).toString()).toBe('');
  });

  it('keeps unrelated parameters and drops cleared ones', () => {
    const base = new URLSearchParams('utm_source=mail&tags=4&page=3');
    expect(writeVideoFilters({ page: 1, order: 'newest', tags: [], query: '' }, base).toString()).toBe('utm_source=mail');
  });

  it('round-trips', () => {
    const state = { page: 4, order: 'most_viewed' as const, tags: [1, 9], query: 'city lights' };
    expect(readVideoFilters(writeVideoFilters(state))).toEqual(state);
  });
});

describe('changeVideoFilters', () => {
  const current = { page: 5, order: 'newest' as const, tags: [1], query: 'x' };

  it('resets the page when anything but the page changes', () => {
    expect(changeVideoFilters(current, { order: 'oldest' }).page).toBe(1);
    expect(changeVideoFilters(current, { tags: [1, 2] }).page).toBe(1);
    expect(changeVideoFilters(current, { query: 'y' }).page).toBe(1);
  });

  it('keeps the other filters when the page changes', () => {
    expect(changeVideoFilters(current, { page: 6 })).toEqual({ ...current, page: 6 });
  });
});

describe('tags', () => {
  it('toggles a tag id', () => {
    expect(toggleTag([1, 2], 2)).toEqual([1]);
    expect(toggleTag([1], 3)).toEqual([1, 3]);
  });

  it('names a tag in the page language', () => {
    const tag = { name_en: 'Outdoor', name_de: 'Draußen', name_fr: 'Extérieur' };
    expect(tagName(tag, 'de')).toBe('Draußen');
    expect(tagName(tag, 'fr')).toBe('Extérieur');
    expect(tagName({ ...tag, name_fr: '' }, 'fr')).toBe('Outdoor');
  });
});
