/**
 * Where a transforming link forwards to (product §3): its target with the current query added (the target's
 * own values win). Null when the target is unusable (not http(s)) or is the page itself (a loop).
 */
export function forwardTarget(source: string, current: { pathname: string; search: string }, origin: string): { internal: boolean; href: string } | null {
  let target: URL;
  try {
    target = new URL(source.trim(), origin);
  } catch {
    return null;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return null;
  new URLSearchParams(current.search).forEach((value, key) => {
    if (!target.searchParams.has(key)) target.searchParams.append(key, value);
  });
  const internal = target.origin === origin;
  if (internal && target.pathname === current.pathname) return null;
  return internal ? { internal, href: `${target.pathname}${target.search}${target.hash}` } : { internal, href: target.href };
}
