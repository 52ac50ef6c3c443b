import net from 'node:net';

/**
 * Whether a URL's host is this machine only: `localhost` (and names under `.localhost`, which browsers resolve to
 * loopback), 127.0.0.0/8 or ::1. Anything else, a private address included, may be reached by other people.
 */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (net.isIPv4(bare)) return bare.split('.')[0] === '127';
  if (net.isIPv6(bare)) return bare === '::1';
  return false;
}
