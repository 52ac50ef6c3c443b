import { DEFAULT_COMPANY_VALUES, chooseCompany, companyFromHost, type CompanyValues, type CompanyVariant, type GetCompanyResponse } from '@velora/shared';
import type { Platform } from '../../platform';
import type { FeaturesService } from '../features/features.service';
import type { UsersService } from '../users/users.service';
import type { VisitsService } from '../visits/visits.service';
import { companyRepository } from './company.repository';

export interface CompanyRequest {
  /** X-Tld-Source, as the visit-id plugin cleaned it. */
  tld: string | null;
  /** The Host the request came to. */
  host: string | null;
  userId: number | null;
  visitId: string | null;
}

/** Only a string where the built-in value is a string: a typo in an override never breaks the legal pages. */
function pickStrings<T extends object>(defaults: T, overrides: unknown): T {
  if (!overrides || typeof overrides !== 'object') return defaults;
  const out = { ...defaults } as Record<string, unknown>;
  for (const [key, value] of Object.entries(overrides)) {
    if (typeof out[key] === 'string' && typeof value === 'string' && value.trim()) out[key] = value;
  }
  return out as T;
}

export function mergeCompanyValues(defaults: CompanyValues, overrides: Record<string, unknown>): CompanyValues {
  return { ...pickStrings(defaults, overrides), address: pickStrings(defaults.address, overrides.address) };
}

export function createCompanyService(deps: Pick<Platform, 'db'> & { users: UsersService; visits: VisitsService; features: FeaturesService }) {
  const { db, users, visits, features } = deps;

  /** Profile company and features for a user; the visit's (campaign) features for a visitor. */
  async function whoIsAsking(req: CompanyRequest) {
    if (req.userId !== null) {
      const profile = await users.profile(req.userId, req.visitId);
      return { profileCompany: profile.company, features: profile.features };
    }
    const visit = req.visitId ? await visits.findById(req.visitId) : null;
    return { profileCompany: null, features: await features.forVisit(visit?.campaign ?? null) };
  }

  return {
    async valuesOf(variant: CompanyVariant): Promise<CompanyValues> {
      return mergeCompanyValues(DEFAULT_COMPANY_VALUES[variant], await companyRepository.overridesOf(db, variant));
    },

    /** product §1: the domain suffix, else profile.company, else the `company` feature, else the German variant. */
    async companyFor(req: CompanyRequest): Promise<GetCompanyResponse> {
      // The domain decides alone when it can; only otherwise is the profile or the visit loaded.
      const company = companyFromHost(req.tld ?? req.host) ?? chooseCompany({ tld: req.tld, host: req.host, ...(await whoIsAsking(req)) });
      return { company, values: await this.valuesOf(company) };
    },

    setOverrides: (variant: CompanyVariant, overrides: Record<string, unknown>) => companyRepository.setOverrides(db, variant, overrides),
  };
}
export type CompanyService = ReturnType<typeof createCompanyService>;
