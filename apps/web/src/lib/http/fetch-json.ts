/**
 * For TanStack Query fetchers: the client resolves null when a request was aborted; a query
 * function must not resolve with that, so it becomes the AbortError the query library expects.
 */
export async function requireData<T>(promise: Promise<T | null>): Promise<T> {
  const data = await promise;
  if (data === null) throw new DOMException('Aborted', 'AbortError');
  return data;
}
