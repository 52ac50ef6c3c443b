import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@velora/shared';
import { isApiError, requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { getAccessToken, setAccessToken } from '@/lib/storage';

/** The profile decides whether someone is logged in (product §4); `null` is a visitor. */
export async function getProfile(signal?: AbortSignal): Promise<Profile | null> {
  // Tokens travel only as a Bearer header: without one the answer can only be 401.
  if (!getAccessToken()) return null;
  try {
    return await requireData(call('user.profile', undefined, { signal }));
  } catch (error) {
    // A 401 here means logged out, not an error (product §8); the dead token is dropped.
    if (isApiError(error, 401)) {
      setAccessToken(null);
      return null;
    }
    throw error;
  }
}

/** Loads of the profile that failed (a 429, or a 5xx or network failure past the client's own retries) and are tried again. */
export const PROFILE_LOAD_RETRIES = 3;

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'profile'] as const,
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: 5 * 60_000,
    // A 401 is an answer (null, above), not a failure; anything else that failed says nothing of who this is, and
    // is asked again after 1, 2 and 4 s (session.ts treats the person as unknown meanwhile).
    retry: PROFILE_LOAD_RETRIES,
    retryDelay: (attempt) => 1000 * 2 ** attempt,
  });

export const PROFILE_QUERY_KEY = profileQueryOptions().queryKey;

export function useProfile() {
  return useQuery(profileQueryOptions());
}
