import type { ReactNode } from 'react';
import { createContext, useContext } from 'react';
import type { IdentityProviderConfig } from '@/features/identity-provider/config';
import { identityProviderConfigFromEnv, identityProviderFor } from '@/features/identity-provider/config';
import type { DomainConfig, SiteVariant } from '@/features/site-variant/site-variant';
import { domainConfigFromEnv, siteVariantFor } from '@/features/site-variant/site-variant';
import { getTld } from '@/lib/storage';
import type { ThirdPartyConfig } from '@/lib/third-parties';
import { thirdPartyConfigFromEnv } from '@/lib/third-parties';

/**
 * What this page's host and the build configuration decide once, at start (product §1): the site variant
 * (io or main), the main and sister domains, identity-provider sign-in (one host only) and the
 * third-party scripts.
 */
export interface SiteConfig {
  variant: SiteVariant;
  domains: DomainConfig;
  /** Set only on the configured identity-provider host. */
  identityProvider: IdentityProviderConfig | null;
  thirdParties: ThirdPartyConfig;
}

export function siteConfigFor(hostname: string, tld: string | null, env: Record<string, unknown>): SiteConfig {
  return {
    variant: siteVariantFor(tld),
    domains: domainConfigFromEnv(env),
    identityProvider: identityProviderFor(hostname, identityProviderConfigFromEnv(env)),
    thirdParties: thirdPartyConfigFromEnv(env),
  };
}

/** This page's config: host from the location, tld from lib/storage (a stored override wins), env from the build. */
export function currentSiteConfig(): SiteConfig {
  return siteConfigFor(typeof location === 'undefined' ? '' : location.hostname, getTld(), import.meta.env);
}

const SiteConfigContext = createContext<SiteConfig | null>(null);

export function SiteConfigProvider({ config, children }: { config: SiteConfig; children: ReactNode }) {
  return <SiteConfigContext.Provider value={config}>{children}</SiteConfigContext.Provider>;
}

export function useSiteConfig(): SiteConfig {
  const config = useContext(SiteConfigContext);
  if (!config) throw new Error('useSiteConfig needs a <SiteConfigProvider> (AppRoot provides it).');
  return config;
}
