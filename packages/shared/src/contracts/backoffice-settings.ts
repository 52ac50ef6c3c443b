import { z } from 'zod';
import { FEATURE_NAMES, PERIODS } from '../constants';
import { FLAG_GROUPS, FLAG_SETTING_NAMES } from '../rules/flag-catalogue';
import { MAX_VAT_RATE_BP } from '../rules/pricing';
import { plainLine } from './common';

// The back office's site settings (decision record 072): feature flags with their per-campaign overrides, membership
// plans, coin packages and VAT rates. Every write names the revision it was made from; a stale one answers 409.

const revision = z.number().int('Must be a whole number').min(0, 'Must be 0 or more').max(2_147_483_647, 'Too large');
const INT_MAX = 2_147_483_647;

/** A flag's version: a short token (product §4 reads 'subscribers' in it), or null. */
const flagVersion = z
  .string()
  .trim()
  .min(1, 'Must not be empty (send null for no version)')
  .max(64, 'Must be at most 64 characters')
  .regex(/^[a-z0-9_.-]+$/, 'Use lower-case letters, digits, dots, dashes and underscores')
  .nullable();

/** The settings a flag carries; which keys a flag may have is checked per flag (flagSettingsProblems). */
const flagSettings = z.record(z.string().max(64).check(...plainLine()), z.union([z.boolean(), z.number(), z.string().max(64).check(...plainLine())]));

export const FlagOverride = z
  .object({
    campaign: z.string(),
    is_active: z.boolean(),
    version: z.string().nullable(),
    settings: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'FlagOverride' });
export type FlagOverride = z.infer<typeof FlagOverride>;

export const Flag = z
  .object({
    name: z.string(),
    /** Whether product §9 names it (FLAG_CATALOGUE); a stored flag no code reads is listed as unknown. */
    known: z.boolean(),
    group: z.enum(FLAG_GROUPS).nullable(),
    /** The settings the flag reads, for the form. */
    setting_names: z.array(z.enum(FLAG_SETTING_NAMES)),
    /** Versions the product names for it, as suggestions. */
    versions: z.array(z.string()),
    is_active: z.boolean(),
    version: z.string().nullable(),
    settings: z.record(z.string(), z.unknown()),
    /** 0 for a flag without a stored row yet (off). */
    revision: z.number().int(),
    overrides: z.array(FlagOverride),
  })
  .meta({ id: 'Flag' });
export type Flag = z.infer<typeof Flag>;

export const FlagList = z.object({ flags: z.array(Flag) }).meta({ id: 'FlagList' });
export type FlagList = z.infer<typeof FlagList>;

export const FlagParams = z.object({ name: z.enum(FEATURE_NAMES, { message: 'Must be a feature flag of product §9' }) });
export type FlagParams = z.infer<typeof FlagParams>;

/** A campaign as visits carry it (?campaign= or utm_campaign): one line, up to 100 characters. */
export const FlagCampaignParams = FlagParams.extend({
  campaign: z.string().trim().min(1, 'Required').max(100, 'Must be at most 100 characters').check(...plainLine()),
});
export type FlagCampaignParams = z.infer<typeof FlagCampaignParams>;

export const FlagOverrideBody = z.object({ is_active: z.boolean(), version: flagVersion, settings: flagSettings });
export type FlagOverrideBody = z.infer<typeof FlagOverrideBody>;

export const FlagBody = FlagOverrideBody.extend({
  /** The revision the change was made from: 0 for a flag never stored. */
  revision,
});
export type FlagBody = z.infer<typeof FlagBody>;

const cents = z.number().int('Must be whole cents').positive('Must be more than 0').max(100_000_00, 'Must be at most 100,000.00');
const currencyCodes = new Set(Intl.supportedValuesOf('currency'));
const currency = z
  .string()
  .regex(/^[A-Z]{3}$/, 'Must be a three-letter currency code (EUR)')
  .refine((code) => currencyCodes.has(code), 'Must be an ISO 4217 currency');
const sort = z.number().int('Must be a whole number').min(-1000, 'Must be -1000 or more').max(1000, 'Must be at most 1000');

export const AdminPlan = z
  .object({
    id: z.number().int(),
    token: z.string(),
    period: z.enum(PERIODS),
    period_count: z.number().int(),
    /** Net of VAT and discounts: what the paywall prices from. */
    price_cents: z.number().int(),
    currency: z.string(),
    active: z.boolean(),
    sort: z.number().int(),
    /** The plan the paywall marks as recommended; none marked means the best value per month is. */
    recommended: z.boolean(),
    revision: z.number().int(),
  })
  .meta({ id: 'AdminPlan' });
export type AdminPlan = z.infer<typeof AdminPlan>;

export const AdminCoinPackage = z
  .object({
    id: z.number().int(),
    token: z.string(),
    coins: z.number().int(),
    bonus_coins: z.number().int(),
    price_cents: z.number().int(),
    currency: z.string(),
    active: z.boolean(),
    sort: z.number().int(),
    revision: z.number().int(),
  })
  .meta({ id: 'AdminCoinPackage' });
export type AdminCoinPackage = z.infer<typeof AdminCoinPackage>;

export const VatRate = z.object({ country: z.string(), rate_bp: z.number().int(), revision: z.number().int() }).meta({ id: 'VatRate' });
export type VatRate = z.infer<typeof VatRate>;

export const PriceSettings = z
  .object({ plans: z.array(AdminPlan), packages: z.array(AdminCoinPackage), vat_rates: z.array(VatRate) })
  .meta({ id: 'PriceSettings' });
export type PriceSettings = z.infer<typeof PriceSettings>;

export const PriceItemParams = z.object({ id: z.coerce.number().int('Must be an id').positive('Must be an id').max(INT_MAX, 'Must be an id') });

export const PlanBody = z.object({ price_cents: cents, currency, active: z.boolean(), sort, recommended: z.boolean(), revision });
export type PlanBody = z.infer<typeof PlanBody>;

export const CoinPackageBody = z.object({
  coins: z.number().int('Must be a whole number').positive('Must be more than 0').max(1_000_000, 'Must be at most 1,000,000'),
  bonus_coins: z.number().int('Must be a whole number').min(0, 'Must be 0 or more').max(1_000_000, 'Must be at most 1,000,000'),
  price_cents: cents,
  currency,
  active: z.boolean(),
  sort,
  revision,
});
export type CoinPackageBody = z.infer<typeof CoinPackageBody>;

export const VatCountryParams = z.object({ country: z.string().regex(/^[A-Z]{2}$/, 'Must be a two-letter country code in capitals (DE)') });

export const VatRateBody = z.object({
  /** Basis points: 1900 = 19 %. */
  rate_bp: z.number().int('Must be whole basis points (1900 = 19 %)').min(0, 'Must be 0 or more').max(MAX_VAT_RATE_BP, `Must be at most ${MAX_VAT_RATE_BP}`),
  /** 0 to add a country. */
  revision,
});
export type VatRateBody = z.infer<typeof VatRateBody>;
