import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ValidationResult } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export function validateUsername(username: string, signal?: AbortSignal): Promise<ValidationResult> {
  return requireData(call('user.validateUsername', { body: { username } }, { signal }));
}

export const usernameValidationQueryOptions = (username: string) =>
  queryOptions({
    queryKey: ['user', 'validate-username', username] as const,
    queryFn: ({ signal }) => validateUsername(username, signal),
    staleTime: 60_000,
    meta: { sessionIndependent: true },
  });

/** Live server check of a username; pass null to skip (empty or locally invalid input). */
export function useUsernameValidation(username: string | null) {
  return useQuery({ ...usernameValidationQueryOptions(username ?? ''), enabled: username !== null });
}
