import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ValidationResult } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export function validateEmail(email: string, signal?: AbortSignal): Promise<ValidationResult> {
  return requireData(call('user.validateEmail', { body: { email } }, { signal }));
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
