// Site variants and domains of product §1: the reduced io variant chosen by the top-level domain, and the
// sister regional domains that hand logged-in users over to the main domain.

export type SiteVariant = 'main' | 'io';

/** The io top-level domain serves the reduced variant (landing, ladies and legal pages only). */
export function siteVariantFor(tld: string | null | undefined): SiteVariant {
  return tld?.toLowerCase() === 'io' ? 'io' : 'main';
}

export interface DomainConfig {
  /** The main domain: a host ("velora.com", "velora.com:8443") or an origin ("https://velora.com"). */
  mainDomain: string | null;
  /** Sister regional domains (host names); their subdomains count too. */
  sisterDomains: readonly string[];
}

const normalizeHost = (host: string) => host.trim().toLowerCase().replace(/\.+$/, '');

export function domainConfigFromEnv(env: Record<string, unknown>): DomainConfig {
  const main = typeof env.VITE_MAIN_DOMAIN === 'string' && env.VITE_MAIN_DOMAIN.trim() !== '' ? env.VITE_MAIN_DOMAIN.trim() : null;
  const sisters = typeof env.VITE_SISTER_DOMAINS === 'string' ? env.VITE_SISTER_DOMAINS.split(',').map(normalizeHost).filter(Boolean) : [];
  return { mainDomain: main, sisterDomains: sisters };
}

/** Whether `hostname` is `domain` or one of its subdomains. */
export function hostMatches(hostname: string, domain: string): boolean {
  const host = normalizeHost(hostname);
  const wanted = normalizeHost(domain);
  return wanted !== '' && (host === wanted || host.endsWith(`.${wanted}`));
}

/** The main domain's URL for the same path, query and hash; null when no main domain is configured. */
export function mainDomainUrl(current: URL, config: DomainConfig): URL | null {
  if (!config.mainDomain) return null;
  let base: URL;
  try {
    base = config.mainDomain.includes('://') ? new URL(config.mainDomain) : new URL(`${current.protocol}//${config.mainDomain}`);
  } catch {
    return null;
  }
  // A bare host keeps the page's port (a local set-up serves every domain on one port).
  if (!config.mainDomain.includes('://') && base.port === '' && current.port !== '') base.port = current.port;
  const target = new URL(`${current.pathname}${current.search}${current.hash}`, base.origin);
  return target;
}

export function isOnMainDomain(current: URL, config: DomainConfig): boolean {
  const main = mainDomainUrl(current, config);
  return main !== null && normalizeHost(main.hostname) === normalizeHost(current.hostname);
}

export function isSisterDomain(hostname: string, config: DomainConfig): boolean {
  return config.sisterDomains.some((domain) => hostMatches(hostname, domain));
}

/** product §1: whether an authenticated user on this page is to go on to the main domain. */
export function needsSisterDomainHandOver(current: URL, config: DomainConfig): boolean {
  return isSisterDomain(current.hostname, config) && !isOnMainDomain(current, config) && mainDomainUrl(current, config) !== null;
}

/**
 * product §1: an authenticated user on a sister domain goes to the main domain, same page, with `authToken` in the
 * query. Its value is a one-time hand-over code (a minute, single use), never the session token: the main domain
 * asks the visitor, exchanges it for a session of its own and removes it (decision record 030). Null when nothing to do.
 */
export function sisterDomainRedirectUrl(current: URL, handOverCode: string | null, config: DomainConfig): string | null {
  if (!handOverCode || !needsSisterDomainHandOver(current, config)) return null;
  const target = mainDomainUrl(current, config);
  if (!target) return null;
  target.searchParams.set('authToken', handOverCode);
  return target.toString();
}
