// Company/brand values have three variants, chosen by domain suffix, then profile, then visit features (product §1).

export const COMPANY_VARIANTS = ['net', 'de', 'ch'] as const;
export type CompanyVariant = (typeof COMPANY_VARIANTS)[number];

/** The German variant: the answer when nothing else decides, and the client's answer when the call fails (product §8). */
export const FALLBACK_COMPANY: CompanyVariant = 'de';

export interface CompanyValues {
  name: string;
  legal_form: string;
  address: { street: string; zip: string; city: string; country: string };
  register_court: string;
  register_number: string;
  vat_id: string;
  support_email: string;
  managing_director: string;
}

/**
 * Built-in values of each variant, fictional and neutral. The server lets an operator override any field per
 * variant (table `companies`); the client uses the German one when it cannot reach the server.
 */
export const DEFAULT_COMPANY_VALUES: Record<CompanyVariant, CompanyValues> = {
  de: {
    name: 'Velora Media',
    legal_form: 'GmbH',
    address: { street: 'Musterstraße 12', zip: '10115', city: 'Berlin', country: 'DE' },
    register_court: 'Amtsgericht Berlin-Charlottenburg',
    register_number: 'HRB 000000 B',
    vat_id: 'DE000000000',
    support_email: 'support@velora.example',
    managing_director: 'Erika Beispiel',
  },
  net: {
    name: 'Velora Media International',
    legal_form: 'Ltd.',
    address: { street: '1 Example Square', zip: '1010', city: 'Valletta', country: 'MT' },
    register_court: 'Malta Business Registry',
    register_number: 'C 00000',
    vat_id: 'MT00000000',
    support_email: 'support@velora.example',
    managing_director: 'Alex Example',
  },
  ch: {
    name: 'Velora Media Schweiz',
    legal_form: 'AG',
    address: { street: 'Beispielweg 3', zip: '8001', city: 'Zürich', country: 'CH' },
    register_court: 'Handelsregisteramt des Kantons Zürich',
    register_number: 'CHE-000.000.000',
    vat_id: 'CHE-000.000.000 MWST',
    support_email: 'support@velora.example',
    managing_director: 'Lea Muster',
  },
};

export function isCompanyVariant(value: unknown): value is CompanyVariant {
  return typeof value === 'string' && (COMPANY_VARIANTS as readonly string[]).includes(value);
}

/**
 * The variant a host name or a bare top-level domain stands for: `www.velora.ch:8443` → ch, `de` → de,
 * `localhost` or `velora.io` → null.
 */
export function companyFromHost(hostOrTld: string | null | undefined): CompanyVariant | null {
  if (!hostOrTld) return null;
  let host = hostOrTld.trim().toLowerCase();
  if (host.startsWith('[')) return null; // an IPv6 literal has no domain
  host = host.replace(/:\d+$/, '').replace(/\.+$/, '');
  const suffix = host.slice(host.lastIndexOf('.') + 1);
  return isCompanyVariant(suffix) ? suffix : null;
}

interface FeatureWithSettings {
  is_active: boolean;
  settings?: Record<string, unknown> | null;
}

export interface CompanyChoiceInput {
  /** The top-level domain the page was served from, as the client reports it (X-Tld-Source). */
  tld?: string | null;
  /** The Host the request came to; used only when the client reported no top-level domain. */
  host?: string | null;
  /** profile.company of a logged-in user. */
  profileCompany?: string | null;
  /** The visit's (or profile's) features: an active `company` feature names a variant in settings.company. */
  features?: Partial<Record<string, FeatureWithSettings>> | null;
}

/** Domain suffix, else the profile's company, else the `company` feature, else the German variant. */
export function chooseCompany(input: CompanyChoiceInput): CompanyVariant {
  const byDomain = companyFromHost(input.tld ?? input.host);
  if (byDomain) return byDomain;
  if (isCompanyVariant(input.profileCompany)) return input.profileCompany;
  const feature = input.features?.company;
  const byFeature = feature?.is_active ? feature.settings?.company : null;
  if (isCompanyVariant(byFeature)) return byFeature;
  return FALLBACK_COMPANY;
}
