import type { CompanyValues, CompanyVariant } from '@velora/shared';
import { DEFAULT_COMPANY_VALUES, FALLBACK_COMPANY } from '@velora/shared';
import type { ReactNode } from 'react';
import { createContext, useContext, useMemo } from 'react';

// The company/brand values of product §1 (net, de or ch). The app fetches them once (features/site-variant)
// and provides them here, so the footer and the legal pages of any feature read the same answer.

export interface CompanyInfo {
  company: CompanyVariant;
  values: CompanyValues;
  /** The German variant stood in because the server could not be asked. */
  fallback: boolean;
}

export interface CompanyContextValue extends CompanyInfo {
  /** The answer is still on its way (the values are the German variant meanwhile). */
  pending: boolean;
}

const GERMAN: CompanyContextValue = { company: FALLBACK_COMPANY, values: DEFAULT_COMPANY_VALUES[FALLBACK_COMPANY], fallback: true, pending: true };

const CompanyContext = createContext<CompanyContextValue>(GERMAN);

export function CompanyValuesProvider({ value, children }: { value: CompanyInfo | undefined; children: ReactNode }) {
  const context = useMemo(() => (value ? { ...value, pending: false } : GERMAN), [value]);
  return <CompanyContext.Provider value={context}>{children}</CompanyContext.Provider>;
}

/** The company in force; the German variant until the app has it (product §8: also on failure). */
export function useCompanyValues(): CompanyContextValue {
  return useContext(CompanyContext);
}

/** "Velora Media GmbH" */
export function companyDisplayName(values: CompanyValues): string {
  return values.legal_form ? `${values.name} ${values.legal_form}` : values.name;
}

/** "Musterstraße 12, 10115 Berlin, DE" */
export function companyAddressLine(values: CompanyValues): string {
  const { street, zip, city, country } = values.address;
  return [street, [zip, city].filter(Boolean).join(' '), country].filter(Boolean).join(', ');
}
