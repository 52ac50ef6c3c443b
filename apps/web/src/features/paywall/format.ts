import type { Language } from '@velora/shared';
import { LANGUAGE_TAGS } from '@velora/shared';

// Money, rates and dates in the page language (product §1: en-US, de-DE, fr-FR).

/** Whole cents of `currency` as the page language writes money: 999, EUR → "€9.99" / "9,99 €". */
export function formatMoney(cents: number, currency: string, language: Language): string {
  return new Intl.NumberFormat(LANGUAGE_TAGS[language], { style: 'currency', currency }).format(cents / 100);
}

/** A VAT rate in basis points as a percent number: 1900 → "19", 770 → "7.7" / "7,7". */
export function formatRate(basisPoints: number, language: Language): string {
  return new Intl.NumberFormat(LANGUAGE_TAGS[language], { maximumFractionDigits: 2 }).format(basisPoints / 100);
}

/** Coins credited or spent, with their sign: 500 → "+500", -50 → "-50", 0 → "0". */
export function formatSignedCoins(coins: number, language: Language): string {
  return new Intl.NumberFormat(LANGUAGE_TAGS[language], { signDisplay: 'exceptZero' }).format(coins);
}

/** A date (unix ms) in the long form of the page language. */
export function formatDate(ms: number, language: Language): string {
  return new Intl.DateTimeFormat(LANGUAGE_TAGS[language], { dateStyle: 'long' }).format(new Date(ms));
}

/** A date (unix ms) short, for tables. */
export function formatShortDate(ms: number, language: Language): string {
  return new Intl.DateTimeFormat(LANGUAGE_TAGS[language], { dateStyle: 'medium' }).format(new Date(ms));
}
