import { describe, expect, it } from 'vitest';
import { EU_COUNTRIES } from '../constants';
import { hasCountryLawLimitation, isEUCountry, isInternationalCountry, isLawRestrictedRegion, normalizeUsRegion } from './geo';

describe('isEUCountry (product §9 EU/UK list)', () => {
  it('holds exactly the 28 countries of product §9', () => {
    expect([...EU_COUNTRIES].sort()).toEqual(
      ['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'GB'].sort(),
    );
  });

  it.each([
    ['DE', true],
    ['de', true],
    [' FR ', true],
    ['GB', true],
    ['SE', true],
    ['CH', false],
    ['NO', false],
    ['US', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (country, expected) => {
    expect(isEUCountry(country)).toBe(expected);
  });
});

describe('isInternationalCountry', () => {
  it.each([
    ['DE', false],
    ['AT', false],
    ['CH', false],
    ['LI', false],
    ['at', false],
    ['FR', true],
    ['US', true],
    ['GB', true],
    [null, true],
    ['', true],
  ])('%j → %s', (country, expected) => {
    expect(isInternationalCountry(country)).toBe(expected);
  });
});

describe('hasCountryLawLimitation (product §4: country SE)', () => {
  it.each([
    ['SE', true],
    ['se', true],
    ['DE', false],
    ['US', false],
    [null, false],
  ])('%j → %s', (country, expected) => {
    expect(hasCountryLawLimitation(country)).toBe(expected);
  });
});

describe('normalizeUsRegion', () => {
  it.each([
    ['Texas', 'texas'],
    ['TX', 'texas'],
    ['la', 'louisiana'],
    [' New York ', 'new york'],
    ['', null],
    [null, null],
  ])('%j → %j', (region, expected) => {
    expect(normalizeUsRegion(region)).toBe(expected);
  });
});

describe('isLawRestrictedRegion (product §4 regions)', () => {
  it.each(['texas', 'alabama', 'florida', 'indiana', 'kansas', 'louisiana', 'tennessee', 'oklahoma'])('US region %s is restricted', (region) => {
    expect(isLawRestrictedRegion('US', region)).toBe(true);
  });

  it.each([
    ['US', 'TX', true],
    ['us', 'Florida', true],
    [null, 'Texas', true],
    ['', 'OK', true],
    ['US', 'California', false],
    ['US', 'New York', false],
    ['US', null, false],
    ['US', '', false],
    ['UY', 'Florida', false],
    ['DE', 'Texas', false],
  ])('country %j, region %j → %s', (country, region, expected) => {
    expect(isLawRestrictedRegion(country, region)).toBe(expected);
  });
});
