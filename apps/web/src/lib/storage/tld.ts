import { STORAGE_KEYS, readStored, removeStored, writeStored } from './storage';

// The top-level domain the page is served from, sent to the API and choosing the site variant
// (product §1). A stored tld overrides the hostname, so the io variant can be tried on localhost.

const TLD_PATTERN = /^[a-z0-9-]{1,24}$/;

/** The last label of a hostname ("velora.io" → "io"), or null when there is none. */
export function tldOfHostname(hostname: string): string | null {
  const label = hostname.replace(/\.$/, '').split('.').pop()?.toLowerCase() ?? '';
  return TLD_PATTERN.test(label) ? label : null;
}

export function getTld(hostname: string = typeof location === 'undefined' ? '' : location.hostname): string | null {
  const stored = readStored<unknown>(STORAGE_KEYS.tld);
  if (typeof stored === 'string' && TLD_PATTERN.test(stored.toLowerCase())) return stored.toLowerCase();
  return tldOfHostname(hostname);
}

/** Overrides the tld (null clears the override). */
export function setTldOverride(tld: string | null): void {
  if (tld === null) removeStored(STORAGE_KEYS.tld);
  else writeStored(STORAGE_KEYS.tld, tld.toLowerCase());
}
