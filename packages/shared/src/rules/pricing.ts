import type { Price } from '../contracts/money';
import type { PERIODS } from '../constants';

// What a membership plan or a coin package costs a given buyer (docs/decisions/016-money.md): the net price,
// less the one discount that applies, plus VAT of the buyer's country. The server prices the list and the checkout
// with these functions and the same inputs, so the price shown is the price charged.

/**
 * Standard VAT rates (basis points: 1900 = 19 %) of the EU/UK list of product §9, as of 2025-08 (EE 24 % from 2025-07,
 * FI 25.5 % from 2024-09, SK 23 % from 2025-01, RO 21 % from 2025-08). Digital services to consumers are taxed where
 * the buyer is. Switzerland is left out on purpose: Swiss VAT depends on the seller's Swiss registration, which the
 * site does not model; a rate change or a new country is a code change with its test.
 */
export const VAT_RATES_BP = {
  AT: 2000, BE: 2100, BG: 2000, HR: 2500, CY: 1900, CZ: 2100, DK: 2500, EE: 2400, FI: 2550, FR: 2000,
  DE: 1900, GR: 2400, HU: 2700, IE: 2300, IT: 2200, LV: 2100, LT: 2100, LU: 1700, MT: 1800, NL: 2100,
  PL: 2300, PT: 2300, RO: 2100, SK: 2300, SI: 2200, ES: 2100, SE: 2500, GB: 2000,
} as const satisfies Record<string, number>;

/**
 * VAT in basis points for a buyer in `country`: 0 when the `vat` feature is off or the country has no rate. The server
 * passes the rates the back office keeps (table vat_rates, seeded from VAT_RATES_BP; decision record 072).
 */
export function vatRateFor(country: string | null | undefined, vatFeatureOn: boolean, rates: Readonly<Record<string, number>> = VAT_RATES_BP): number {
  if (!vatFeatureOn || !country) return 0;
  return rates[country.trim().toUpperCase()] ?? 0;
}

/** The highest VAT rate the back office accepts, in basis points (50 %): a guard against a slipped digit. */
export const MAX_VAT_RATE_BP = 5000;

/** The discount features of product §9. When several apply, the highest percent wins; a tie goes to the earlier name here. */
export const DISCOUNT_FEATURES = [
  'black_friday_discount_24',
  'valentines_day_discount_25',
  'summer_discount',
  'ladies_discount',
  'customer_support_discount',
  'wds_discount',
  'partner_discount',
  'cc_discount',
] as const;
export type DiscountFeature = (typeof DISCOUNT_FEATURES)[number];

/** What is being priced: a membership plan or a coin package. */
export type PriceKind = 'plan' | 'coins';

/** The percent a discount feature gives when its settings carry no valid `percent` (a whole number 1–90). */
export const DEFAULT_DISCOUNT_PERCENT: Record<DiscountFeature, number> = {
  black_friday_discount_24: 30,
  valentines_day_discount_25: 20,
  summer_discount: 20,
  ladies_discount: 20,
  customer_support_discount: 15,
  wds_discount: 20,
  partner_discount: 15,
  cc_discount: 5,
};
export const MAX_DISCOUNT_PERCENT = 90;

/**
 * What each discount is for. The campaign and personal discounts are membership offers (product §4: a discount sends the
 * member to /paywall); the credit-card discount rewards the payment method, so it applies to coins as well.
 */
const DISCOUNT_KINDS: Record<DiscountFeature, readonly PriceKind[]> = {
  black_friday_discount_24: ['plan'],
  valentines_day_discount_25: ['plan'],
  summer_discount: ['plan'],
  ladies_discount: ['plan'],
  customer_support_discount: ['plan'],
  wds_discount: ['plan'],
  partner_discount: ['plan'],
  cc_discount: ['plan', 'coins'],
};

interface FeatureLike {
  is_active: boolean;
  version?: string | null;
  settings?: Record<string, unknown> | null;
}
type FeatureLookup = Partial<Record<string, FeatureLike>>;

/**
 * Whether a discount feature is offered to everyone (product §4, the discount popups' rule): it is active, and for
 * black Friday its version does not contain 'subscribers', for Valentine's and summer its version is not
 * 'subscribers'. A 'subscribers' version is an offer to existing subscribers, which a plan's price does not carry.
 */
export function isDiscountOffered(features: FeatureLookup | null | undefined, name: DiscountFeature): boolean {
  const feature = features?.[name];
  if (feature?.is_active !== true) return false;
  const version = feature.version ?? '';
  if (name === 'black_friday_discount_24') return !version.includes('subscribers');
  if (name === 'valentines_day_discount_25' || name === 'summer_discount') return version !== 'subscribers';
  return true;
}

export interface Discount {
  name: DiscountFeature;
  percent: number;
}

function percentOf(feature: FeatureLike | undefined, name: DiscountFeature): number {
  const value = feature?.settings?.percent;
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_DISCOUNT_PERCENT ? value : DEFAULT_DISCOUNT_PERCENT[name];
}

/** The one discount that applies to `kind` for someone with these features, or null. Discounts never stack. */
export function activeDiscount(features: FeatureLookup | null | undefined, kind: PriceKind): Discount | null {
  let best: Discount | null = null;
  for (const name of DISCOUNT_FEATURES) {
    if (!DISCOUNT_KINDS[name].includes(kind) || !isDiscountOffered(features, name)) continue;
    const percent = percentOf(features?.[name], name);
    if (!best || percent > best.percent) best = { name, percent };
  }
  return best;
}

/** `numerator / denominator` rounded half up, for non-negative whole numbers (exact: no floating point). */
const divideHalfUp = (numerator: number, denominator: number) => Math.floor((2 * numerator + denominator) / (2 * denominator));

const vatOn = (netCents: number, vatRateBp: number) => divideHalfUp(netCents * vatRateBp, 10_000);

/**
 * The price of `netCents` (whole cents, before VAT): the discount first, rounded half up to whole cents (never below
 * 1 cent), then VAT on the discounted net, rounded half up. amount = net + VAT.
 */
export function priceFor(netCents: number, currency: string, discount: Discount | null, vatRateBp: number): Price {
  const net = discount ? Math.max(1, divideHalfUp(netCents * (100 - discount.percent), 100)) : netCents;
  const vat = vatOn(net, vatRateBp);
  return {
    amount_cents: net + vat,
    net_cents: net,
    vat_cents: vat,
    vat_rate_bp: vatRateBp,
    currency,
    original_amount_cents: discount ? netCents + vatOn(netCents, vatRateBp) : null,
    discount: discount?.name ?? null,
    discount_percent: discount?.percent ?? 0,
  };
}

export type Period = (typeof PERIODS)[number];

/**
 * The end of `count` periods from `start`: DAY is 24 hours; MONTH is a calendar month in UTC, the day clamped to the
 * month's last (31 January + 1 month = 28 or 29 February).
 */
export function addPeriods(start: Date, period: Period, count: number): Date {
  if (period === 'DAY') return new Date(start.getTime() + count * 86_400_000);
  const d = new Date(start.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + count);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}
