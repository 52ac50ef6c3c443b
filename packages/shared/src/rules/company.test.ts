import { describe, expect, it } from 'vitest';
import { COMPANY_VARIANTS, DEFAULT_COMPANY_VALUES, FALLBACK_COMPANY, chooseCompany, companyFromHost, type CompanyChoiceInput } from './company';

const companyFeature = (company: unknown, isActive = true) => ({ company: { is_active: isActive, settings: { company } } });

describe('companyFromHost', () => {
  it.each([
    ['net', 'net'],
    ['de', 'de'],
    ['ch', 'ch'],
    ['DE', 'de'],
    ['velora.net', 'net'],
    ['www.velora.de', 'de'],
    ['www.velora.ch:8443', 'ch'],
    ['www.velora.ch.', 'ch'],
    ['velora.io', null],
    ['velora.com', null],
    ['localhost', null],
    ['localhost:8080', null],
    ['127.0.0.1', null],
    ['[::1]:8080', null],
    ['de.velora.com', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (host, expected) => {
    expect(companyFromHost(host)).toBe(expected);
  });
});

describe('chooseCompany (product §1: domain suffix, profile, visit features, else German)', () => {
  it.each<[string, CompanyChoiceInput, string]>([
    ['the reported top-level domain', { tld: 'ch', host: 'velora.net', profileCompany: 'de' }, 'ch'],
    ['the Host without a reported domain', { host: 'www.velora.net', profileCompany: 'ch' }, 'net'],
    ['the Host of the .de site', { host: 'velora.de' }, 'de'],
    ['a reported non-variant domain, not the Host, then the profile', { tld: 'io', host: 'velora.net', profileCompany: 'ch' }, 'ch'],
    ['the profile on a neutral host', { host: 'localhost:8080', profileCompany: 'net' }, 'net'],
    ['the profile over the feature', { profileCompany: 'ch', features: companyFeature('net') }, 'ch'],
    ['an active company feature', { host: 'velora.com', features: companyFeature('net') }, 'net'],
    ['not an inactive company feature', { features: companyFeature('net', false) }, 'de'],
    ['not a feature naming an unknown variant', { features: companyFeature('at') }, 'de'],
    ['not a profile naming an unknown variant', { profileCompany: 'fr' }, 'de'],
    ['the German variant for nothing at all', {}, 'de'],
    ['the German variant on the io site', { tld: 'io' }, 'de'],
  ])('takes %s', (_case, input, expected) => {
    expect(chooseCompany(input)).toBe(expected);
  });

  it('falls back to the German variant, which has values like every variant', () => {
    expect(FALLBACK_COMPANY).toBe('de');
    for (const variant of COMPANY_VARIANTS) {
      const values = DEFAULT_COMPANY_VALUES[variant];
      for (const [key, value] of Object.entries(values)) expect(value, `${variant}.${key}`).toBeTruthy();
    }
  });
});
