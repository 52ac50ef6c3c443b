import { FEATURE_NAMES, type FeatureName } from '../constants';
import { COMPANY_VARIANTS } from './company';
import { DISCOUNT_FEATURES, MAX_DISCOUNT_PERCENT } from './pricing';

// The feature flags the back office edits (product §6, §9; decision record 072): what each one is for and which
// settings it reads, so the screen shows named, validated fields instead of raw JSON and the server refuses a setting
// no code reads.

export const FLAG_GROUPS = ['discounts', 'money', 'content', 'language', 'popups', 'compliance', 'brand'] as const;
export type FlagGroup = (typeof FLAG_GROUPS)[number];

/** The settings a flag may carry; each is read by a rule of packages/shared or the web. */
export const FLAG_SETTING_NAMES = ['percent', 'introduce', 'can_show_av_popup', 'company'] as const;
export type FlagSettingName = (typeof FLAG_SETTING_NAMES)[number];

export interface FlagSpec {
  name: FeatureName;
  group: FlagGroup;
  settings: readonly FlagSettingName[];
  /**
   * Versions the product names (product §4): a discount whose version is (or, for black Friday, contains)
   * 'subscribers' is an offer to subscribers only and changes no price on the paywall.
   */
  versions: readonly string[];
}

const DISCOUNT_VERSIONS: Partial<Record<FeatureName, readonly string[]>> = {
  black_friday_discount_24: ['subscribers', 'subscribers_2', 'everyone'],
  valentines_day_discount_25: ['subscribers', 'everyone'],
  summer_discount: ['subscribers', 'everyone'],
};

const GROUP_OF: Record<FeatureName, FlagGroup> = {
  vat: 'money', cc_discount: 'discounts', partner_discount: 'discounts', black_friday_discount_24: 'discounts',
  valentines_day_discount_25: 'discounts', summer_discount: 'discounts', ladies_discount: 'discounts',
  customer_support_discount: 'discounts', wds_discount: 'discounts', trailer: 'content', double_opt_in: 'popups',
  landing_redirect: 'content', french: 'language', age_verification: 'compliance', freechat: 'content',
  organic_popup: 'popups', feedback: 'popups', feature_feedback: 'popups', company: 'brand',
};

function settingsOf(name: FeatureName): FlagSettingName[] {
  if ((DISCOUNT_FEATURES as readonly string[]).includes(name)) return ['percent', 'introduce'];
  if (name === 'age_verification') return ['can_show_av_popup', 'introduce'];
  if (name === 'company') return ['company'];
  return ['introduce'];
}

/** Every flag of product §9, in the order the back office lists them (by group, then name). */
export const FLAG_CATALOGUE: readonly FlagSpec[] = [...FEATURE_NAMES]
  .map((name) => ({ name, group: GROUP_OF[name], settings: settingsOf(name), versions: DISCOUNT_VERSIONS[name] ?? [] }))
  .sort((a, b) => FLAG_GROUPS.indexOf(a.group) - FLAG_GROUPS.indexOf(b.group) || a.name.localeCompare(b.name));

export const flagSpecOf = (name: string): FlagSpec | undefined => FLAG_CATALOGUE.find((spec) => spec.name === name);

/**
 * Why a flag's settings are refused, by field (`settings.percent`), or null when they are fine: only the settings the
 * flag reads, each of its type and range.
 */
export function flagSettingsProblems(name: string, settings: Record<string, unknown>): Record<string, string> | null {
  const spec = flagSpecOf(name);
  const problems: Record<string, string> = {};
  for (const [key, value] of Object.entries(settings)) {
    const field = `settings.${key}`;
    if (!spec || !(spec.settings as readonly string[]).includes(key)) {
      problems[field] = `${name} has no setting ${key}`;
      continue;
    }
    if (key === 'percent' && !(typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_DISCOUNT_PERCENT)) {
      problems[field] = `Must be a whole number from 1 to ${MAX_DISCOUNT_PERCENT}`;
    } else if ((key === 'introduce' || key === 'can_show_av_popup') && typeof value !== 'boolean') {
      problems[field] = 'Must be true or false';
    } else if (key === 'company' && !(COMPANY_VARIANTS as readonly unknown[]).includes(value)) {
      problems[field] = `Must be one of ${COMPANY_VARIANTS.join(', ')}`;
    }
  }
  return Object.keys(problems).length > 0 ? problems : null;
}
