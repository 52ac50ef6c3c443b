import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { MaxRetriesError, isApiError } from '@/lib/http';

/**
 * Retrying at the query level on top of the HTTP client's own retries (product §8) would multiply
 * them: a 4xx never changes on retry, and a MaxRetriesError already retried five times.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isApiError(error)) return false;
  if (error instanceof MaxRetriesError) return false;
  if (error instanceof DOMException && error.name === 'AbortError') return false;
  return failureCount < 1;
}

export interface QueryClientHooks {
  /** A 401 nobody handled (product §4): the app logs out and asks for a log-in. */
  onUnauthorized?: (error: unknown) => void;
}

export function createQueryClient(hooks: QueryClientHooks = {}): QueryClient {
  const onError = (error: unknown) => {
    if (isApiError(error, 401)) hooks.onUnauthorized?.(error);
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        // Log-in and sign-up answer 401 for wrong credentials: that is theirs to show.
        if (mutation.meta?.handlesUnauthorized === true) return;
        onError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetryQuery, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
