import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ValidationResult } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** POST /user/validate_email {email}: whether the address is free and well-formed. */
export function validateEmail(email: string, signal?: AbortSignal): Promise<ValidationResult> {
  return requireData(call('user.validateEmail', { body: { email } }, { signal }));
}

export const emailCheckQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['profile', 'validate-email', email] as const,
    queryFn: ({ signal }) => validateEmail(email, signal),
    staleTime: 60_000,
  });

/** The live check of a new address; null skips it (empty, locally invalid, or the current address). */
export function useEmailCheck(email: string | null) {
  return useQuery({ ...emailCheckQueryOptions(email ?? ''), enabled: email !== null });
}
