import { AGE_VERIFICATION_RESULT_PARAM } from '@velora/shared';

export type AgeVerificationResult = 'success' | 'cancelled' | 'other';

export interface AgeVerificationReturn {
  result: AgeVerificationResult;
  /** The same path and query without the marker. */
  cleanPath: string;
}

/** `/?age_verification=success` → the result and the URL without it; null when the URL has no marker. */
export function ageVerificationReturnOf(url: URL): AgeVerificationReturn | null {
  const value = url.searchParams.get(AGE_VERIFICATION_RESULT_PARAM);
  if (value === null) return null;
  const next = new URL(url);
  next.searchParams.delete(AGE_VERIFICATION_RESULT_PARAM);
  const result: AgeVerificationResult = value === 'success' || value === 'cancelled' ? value : 'other';
  return { result, cleanPath: `${next.pathname}${next.search}${next.hash}` };
}
