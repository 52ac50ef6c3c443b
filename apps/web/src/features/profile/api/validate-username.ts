import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ValidationResult } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** POST /user/validate_username {username}: whether the name is free and well-formed. */
export function validateUsername(username: string, signal?: AbortSignal): Promise<ValidationResult> {
  return requireData(call('user.validateUsername', { body: { username } }, { signal }));
}

export const usernameCheckQueryOptions = (username: string) =>
  queryOptions({
    queryKey: ['profile', 'validate-username', username] as const,
    queryFn: ({ signal }) => validateUsername(username, signal),
    staleTime: 60_000,
  });

/** The live check of a new username; null skips it (empty, locally invalid, or the current name). */
export function useUsernameCheck(username: string | null) {
  return useQuery({ ...usernameCheckQueryOptions(username ?? ''), enabled: username !== null });
}
