// Sign-in with the identity provider (Google Identity Services) is enabled on one configured host only
// (product §1); elsewhere nothing of it loads.

export interface IdentityProviderConfig {
  /** VITE_IDENTITY_PROVIDER_HOST: the host name sign-in is offered on. */
  host: string;
  /** VITE_GOOGLE_CLIENT_ID: the OAuth client id the ID tokens are issued for. */
  clientId: string;
}

export const IDENTITY_PROVIDER = 'google';
// The page's CSP allows this script only when the build configures the identity provider (lib/third-party-sources).
export { GIS_SCRIPT_URL } from '@/lib/third-party-sources';
/** The window event a failed sign-in emits (product §4, §8: no message is shown). */
export const IDENTITY_PROVIDER_ERROR_EVENT = 'identity-provider-error';

export function identityProviderConfigFromEnv(env: Record<string, unknown>): IdentityProviderConfig | null {
  const host = typeof env.VITE_IDENTITY_PROVIDER_HOST === 'string' ? env.VITE_IDENTITY_PROVIDER_HOST.trim().toLowerCase() : '';
  const clientId = typeof env.VITE_GOOGLE_CLIENT_ID === 'string' ? env.VITE_GOOGLE_CLIENT_ID.trim() : '';
  return host && clientId ? { host, clientId } : null;
}

/** The config when this page's host is the configured one, else null. */
export function identityProviderFor(hostname: string, config: IdentityProviderConfig | null): IdentityProviderConfig | null {
  if (!config) return null;
  return hostname.trim().toLowerCase().replace(/\.$/, '') === config.host ? config : null;
}

/**
 * Where a successful sign-in goes (product §2): the server's redirect_url, else the route's `redirect`
 * query (a path on this site only), else the root with the marker login=true.
 */
export function signInTarget(redirectUrl: string | null | undefined, redirectQuery: string | null | undefined, homePath = '/'): string {
  if (redirectUrl && (isSitePath(redirectUrl) || /^https?:\/\//i.test(redirectUrl))) return redirectUrl;
  if (redirectQuery && isSitePath(redirectQuery)) return redirectQuery;
  return `${homePath}?login=true`;
}

function isSitePath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}
