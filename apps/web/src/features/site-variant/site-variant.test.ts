import { describe, expect, it } from 'vitest';
import type { DomainConfig } from './site-variant';
import { domainConfigFromEnv, hostMatches, mainDomainUrl, siteVariantFor, sisterDomainRedirectUrl } from './site-variant';

describe('site variant (product §1)', () => {
  it.each([
    ['io', 'io'],
    ['IO', 'io'],
    ['com', 'main'],
    ['de', 'main'],
    [null, 'main'],
  ] as const)('tld %s → %s', (tld, variant) => {
    expect(siteVariantFor(tld)).toBe(variant);
  });
});

describe('domains', () => {
  it('reads the main domain and the sister list from the build settings', () => {
    expect(domainConfigFromEnv({ VITE_MAIN_DOMAIN: ' velora.com ', VITE_SISTER_DOMAINS: 'velora.de, Velora.CH ,,velora.at.' })).toEqual({
      mainDomain: 'velora.com',
      sisterDomains: ['velora.de', 'velora.ch', 'velora.at'],
    });
    expect(domainConfigFromEnv({})).toEqual({ mainDomain: null, sisterDomains: [] });
  });

  it('matches a domain and its subdomains only', () => {
    expect(hostMatches('velora.de', 'velora.de')).toBe(true);
    expect(hostMatches('www.velora.de', 'velora.de')).toBe(true);
    expect(hostMatches('notvelora.de', 'velora.de')).toBe(false);
    expect(hostMatches('velora.de.evil.test', 'velora.de')).toBe(false);
  });
});

describe('sister-domain hand-over (product §1)', () => {
  const config: DomainConfig = { mainDomain: 'velora.com', sisterDomains: ['velora.de', 'velora.ch'] };

  it.each([
    {
      name: 'logged in on a sister domain: same page on the main domain with authToken',
      href: 'https://velora.de/videos?page=2#top',
      token: 'tok-1',
      config,
      target: 'https://velora.com/videos?page=2&authToken=tok-1#top',
    },
    { name: 'subdomain of a sister', href: 'https://www.velora.ch/', token: 'tok', config, target: 'https://velora.com/?authToken=tok' },
    { name: 'a local port is kept', href: 'http://velora.de:4173/models', token: 'a b', config, target: 'http://velora.com:4173/models?authToken=a+b' },
    {
      name: 'an origin as main domain',
      href: 'http://velora.de:4173/',
      token: 't',
      config: { ...config, mainDomain: 'https://velora.com' },
      target: 'https://velora.com/?authToken=t',
    },
    { name: 'guest (no token): stays', href: 'https://velora.de/', token: null, config, target: null },
    { name: 'already on the main domain', href: 'https://velora.com/', token: 'tok', config, target: null },
    { name: 'not a sister domain', href: 'https://example.test/', token: 'tok', config, target: null },
    { name: 'no main domain configured', href: 'https://velora.de/', token: 'tok', config: { ...config, mainDomain: null }, target: null },
  ])('$name', ({ href, token, config: c, target }) => {
    expect(sisterDomainRedirectUrl(new URL(href), token, c)).toBe(target);
  });

  it('builds main-domain URLs for the io variant too', () => {
    expect(mainDomainUrl(new URL('http://velora.io:5000/ladies#sign_up'), config)?.toString()).toBe('http://velora.com:5000/ladies#sign_up');
  });
});
