import { describe, expect, it } from 'vitest';
import { formatMoney, formatRate, formatSignedCoins } from './format';

// Intl separates a currency from its amount with a no-break space in German and French.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('money in the page language', () => {
  it.each([
    [999, 'EUR', 'en', '€9.99'],
    [999, 'EUR', 'de', '9,99 €'],
    [999, 'EUR', 'fr', '9,99 €'],
    [123456, 'CHF', 'de', '1.234,56 CHF'],
    [299, 'USD', 'en', '$2.99'],
  ] as const)('%s cents of %s in %s → %s', (cents, currency, language, expected) => {
    expect(plain(formatMoney(cents, currency, language))).toBe(expected);
  });

  it.each([
    [1900, 'en', '19'],
    [770, 'en', '7.7'],
    [770, 'de', '7,7'],
    [2550, 'fr', '25,5'],
  ] as const)('VAT %s bp in %s → %s', (bp, language, expected) => {
    expect(formatRate(bp, language)).toBe(expected);
  });

  it.each([
    [500, '+500'],
    [-50, '-50'],
    [0, '0'],
  ] as const)('coins %s → %s', (coins, expected) => {
    expect(formatSignedCoins(coins, 'en')).toBe(expected);
  });
});
