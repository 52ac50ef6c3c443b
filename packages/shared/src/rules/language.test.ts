import { describe, expect, it } from 'vitest';
import { availableLanguages, firstVisitLanguage, isLanguage } from './language';

describe('firstVisitLanguage (product §1)', () => {
  it.each([
    ['FR visitor, French enabled', { country: 'FR', is_international: true }, true, 'fr'],
    ['fr (lower case), French enabled', { country: 'fr', is_international: true }, true, 'fr'],
    ['FR visitor, French disabled', { country: 'FR', is_international: true }, false, 'en'],
    ['international visitor', { country: 'US', is_international: true }, true, 'en'],
    ['international visitor, French disabled', { country: 'GB', is_international: true }, false, 'en'],
    ['domestic visitor', { country: 'DE', is_international: false }, true, 'de'],
    ['domestic visitor, French disabled', { country: 'AT', is_international: false }, false, 'de'],
    ['unknown country, not international', { country: null, is_international: false }, true, 'de'],
    ['unknown country, international', { country: null, is_international: true }, true, 'en'],
  ] as const)('%s → %s', (_case, visit, frenchEnabled, expected) => {
    expect(firstVisitLanguage(visit, frenchEnabled)).toBe(expected);
  });
});

describe('availableLanguages (product §1: French only when enabled)', () => {
  it.each([
    [true, ['en', 'de', 'fr']],
    [false, ['en', 'de']],
  ])('French enabled %s → %j', (frenchEnabled, expected) => {
    expect(availableLanguages(frenchEnabled)).toEqual(expected);
  });
});

describe('isLanguage', () => {
  it.each([
    ['en', true],
    ['de', true],
    ['fr', true],
    ['es', false],
    ['EN', false],
    ['en-US', false],
    [null, false],
    [1, false],
  ])('%j → %s', (value, expected) => {
    expect(isLanguage(value)).toBe(expected);
  });
});
