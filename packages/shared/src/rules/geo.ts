import { EU_COUNTRIES, GERMAN_SPEAKING_COUNTRIES, LAW_LIMITATION_COUNTRIES, LAW_RESTRICTED_REGIONS } from '../constants';

const upper = (c: string | null | undefined) => (c ?? '').trim().toUpperCase();

export function isEUCountry(country: string | null | undefined): boolean {
  return (EU_COUNTRIES as readonly string[]).includes(upper(country));
}

/** Unknown countries count as international: they get English rather than a guess of German. */
export function isInternationalCountry(country: string | null | undefined): boolean {
  return !(GERMAN_SPEAKING_COUNTRIES as readonly string[]).includes(upper(country));
}

export function hasCountryLawLimitation(country: string | null | undefined): boolean {
  return (LAW_LIMITATION_COUNTRIES as readonly string[]).includes(upper(country));
}

/** Region names arrive as names ("Texas") or codes ("TX"); both are recognised. */
const REGION_CODES: Record<string, string> = {
  TX: 'texas', AL: 'alabama', FL: 'florida', IN: 'indiana', KS: 'kansas', LA: 'louisiana', TN: 'tennessee', OK: 'oklahoma',
};

export function normalizeUsRegion(region: string | null | undefined): string | null {
  if (!region) return null;
  const trimmed = region.trim();
  return REGION_CODES[trimmed.toUpperCase()] ?? trimmed.toLowerCase();
}

export function isLawRestrictedRegion(country: string | null | undefined, region: string | null | undefined): boolean {
  if (upper(country) !== 'US' && upper(country) !== '') return false;
  const name = normalizeUsRegion(region);
  return name != null && (LAW_RESTRICTED_REGIONS as readonly string[]).includes(name);
}
