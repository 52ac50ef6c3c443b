import type { QueryClient } from '@tanstack/react-query';
import { isLawLimitedError } from './rules';

/**
 * Calls fn whenever a query or mutation fails with 451 LAW_LIMITED (product §4: the law-limitation
 * popup answers any of them). Returns the unsubscribe function.
 */
export function watchLawLimitedAnswers(queryClient: QueryClient, onLimited: () => void): () => void {
  const offQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error' && isLawLimitedError(event.action.error)) onLimited();
  });
  const offMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error' && isLawLimitedError(event.action.error)) onLimited();
  });
  return () => {
    offQueries();
    offMutations();
  };
}
