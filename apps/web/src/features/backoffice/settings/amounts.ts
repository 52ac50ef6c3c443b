// Amounts as people type them in the back office (decision record 072): "24.99" or "24,99" for cents, "19" or "25.5"
// for a VAT rate. Parsed exactly (no floating point): a price is whole cents, a rate whole basis points.

const MONEY = /^(\d{1,7})(?:[.,](\d{1,2}))?$/;
const PERCENT = /^(\d{1,2})(?:[.,](\d{1,2}))?$/;

/** Whole cents of a typed amount, or null when it is not one (more than two decimals, a sign, letters). */
export function centsOf(text: string): number | null {
  const match = MONEY.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Cents as an input shows them: 2499 → "24.99" (or "24,99" with the reader's decimal comma). */
export const centsText = (cents: number, separator = '.') => `${Math.floor(cents / 100)}${separator}${String(cents % 100).padStart(2, '0')}`;

/** Basis points of a typed percent (19 → 1900, 25.5 → 2550), or null. */
export function basisPointsOf(text: string): number | null {
  const match = PERCENT.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Basis points as a percent to type: 2550 → "25.5" (or "25,5"), 1900 → "19". */
export const percentText = (bp: number, separator = '.') => String(bp / 100).replace('.', separator);

/** The decimal separator of a locale ("." in English, "," in German and French). */
export const decimalSeparatorOf = (locale: string) => new Intl.NumberFormat(locale).format(1.5).charAt(1);

/** A whole number as typed, or null. */
export function wholeOf(text: string): number | null {
  return /^-?\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : null;
}
