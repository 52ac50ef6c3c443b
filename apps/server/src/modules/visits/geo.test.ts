import { describe, expect, it } from 'vitest';
import { isPrivateAddress, locate, lookupAddress, normalizeCountry, normalizeRegion } from './geo';

describe('normalizeRegion', () => {
  it.each([
    ['US', 'Texas', 'texas'],
    ['US', 'TX', 'texas'],
    ['US', 'tx', 'texas'],
    ['US', 'CA', 'california'],
    ['US', ' New York ', 'new york'],
    ['DE', 'BY', 'by'],
    ['SE', 'Stockholm County', 'stockholm county'],
    ['US', '', null],
    ['US', null, null],
    [null, 'Texas', 'texas'],
  ])('%s %j → %j', (country, region, expected) => {
    expect(normalizeRegion(country, region)).toBe(expected);
  });
});

describe('normalizeCountry', () => {
  it.each([
    ['de', 'DE'],
    [' SE ', 'SE'],
    ['XX', null],
    ['T1', null],
    ['DEU', null],
    ['', null],
    [undefined, null],
  ])('%j → %j', (value, expected) => {
    expect(normalizeCountry(value)).toBe(expected);
  });
});

describe('isPrivateAddress', () => {
  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.1.1', 'fd00::1', 'fe80::1', 'garbage'])(
    '%s is private',
    (ip) => expect(isPrivateAddress(ip)).toBe(true),
  );
  it.each(['8.8.8.8', '::ffff:8.8.8.8', '2001:4860:4860::8888'])('%s is public', (ip) => expect(isPrivateAddress(ip)).toBe(false));
});

describe('locate', () => {
  it('finds no location for loopback and private addresses', async () => {
    expect(await lookupAddress('127.0.0.1')).toEqual({ country: null, region: null });
    expect(await lookupAddress('192.168.0.10')).toEqual({ country: null, region: null });
  });

  it('looks public addresses up in the bundled GeoIP data', async () => {
    expect((await lookupAddress('8.8.8.8')).country).toBe('US');
    expect((await lookupAddress('::ffff:8.8.8.8')).country).toBe('US');
  });

  it('believes CF headers only when trusted, and falls back to the address without them', async () => {
    const headers = { 'cf-ipcountry': 'DE', 'cf-region': 'Bavaria' };
    expect(await locate({ ip: '127.0.0.1', headers }, true)).toEqual({ country: 'DE', region: 'bavaria' });
    expect(await locate({ ip: '127.0.0.1', headers }, false)).toEqual({ country: null, region: null });
    expect((await locate({ ip: '8.8.8.8', headers: {} }, true)).country).toBe('US');
  });

  it('reads UTF-8 region names that Node decoded as Latin-1', async () => {
    const latin1 = Buffer.from('Baden-Württemberg', 'utf8').toString('latin1');
    expect(await locate({ ip: '127.0.0.1', headers: { 'cf-ipcountry': 'DE', 'cf-region': latin1 } }, true)).toEqual({
      country: 'DE',
      region: 'baden-württemberg',
    });
  });
});
