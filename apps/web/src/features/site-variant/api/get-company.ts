import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_COMPANY_VALUES, FALLBACK_COMPANY, isCompanyVariant } from '@velora/shared';
import type { CompanyInfo } from '@/components/company-values';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { reportError } from '@/lib/report-error';

/** The German variant: what the site shows when the company cannot be fetched (product §8). */
export const FALLBACK_COMPANY_INFO: CompanyInfo = { company: FALLBACK_COMPANY, values: DEFAULT_COMPANY_VALUES[FALLBACK_COMPANY], fallback: true };

/**
 * POST /feature/get_company: the server picks the variant (domain suffix, profile, visit features, product §1).
 * Any failure gives the German variant instead of an error.
 */
export async function getCompany(signal?: AbortSignal): Promise<CompanyInfo> {
  try {
    const answer = await requireData(call('features.company', undefined, { signal }));
    if (!isCompanyVariant(answer.company) || typeof answer.values !== 'object' || answer.values === null) throw new Error('Unexpected company answer');
    return { company: answer.company, values: answer.values, fallback: false };
  } catch (error) {
    if (signal?.aborted) throw error;
    reportError(error, { during: 'get company' });
    return FALLBACK_COMPANY_INFO;
  }
}

/** Session-bound (no sessionIndependent meta): a log-in refetches it, as product §4 asks. */
export const companyQueryOptions = () =>
  queryOptions({
    queryKey: ['company'] as const,
    queryFn: ({ signal }) => getCompany(signal),
    staleTime: Infinity,
    retry: false,
  });

export function useCompany() {
  return useQuery(companyQueryOptions());
}
