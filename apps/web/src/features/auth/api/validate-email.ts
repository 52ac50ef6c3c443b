import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ValidationResult } from '@velora/shared';
import { api, requireData } from '@/lib/http';

export function validateEmail(email: string, signal?: AbortSignal): Promise<ValidationResult> {
  return requireData(api.post<ValidationResult>('/user/validate_email', { email }, signal ? { signal } : undefined));
}

export const emailValidationQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['user', 'validate-email', email] as const,
    queryFn: ({ signal }) => validateEmail(email, signal),
    staleTime: 60_000,
    meta: { sessionIndependent: true },
  });

/** Live server check of an email address; pass null to skip (empty or locally invalid input). */
export function useEmailValidation(email: string | null) {
  return useQuery({ ...emailValidationQueryOptions(email ?? ''), enabled: email !== null });
}
