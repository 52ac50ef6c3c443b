import type { Profile, Visit } from '@velora/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http';
import { ALL_CONSENT, NECESSARY_ONLY } from '@/lib/third-parties';
import {
  effectiveConsent,
  hasLawLimitations,
  isLawLimitedError,
  restrictedRegionOf,
  shouldShowAgeApproval,
  shouldShowAgeVerificationPopup,
  shouldShowCookiePopup,
  shouldShowLawRestriction,
} from './rules';

const NOW = Date.UTC(2025, 5, 1);
const FUTURE = Math.floor(NOW / 1000) + 86_400;
const PAST = Math.floor(NOW / 1000) - 86_400;

const visit = (overrides: Partial<Visit> = {}): Visit => ({
  id: 'v',
  browser: null,
  country: 'US',
  campaign: null,
  is_mobile: false,
  is_international: true,
  new: true,
  region: null,
  current_region: null,
  current_country: null,
  features: {},
  isEUCountry: false,
  ...overrides,
});

const feature = (is_active: boolean, settings: Record<string, unknown> = {}) => ({ is_active, version: null, settings });

const profile = (overrides: Partial<Profile> = {}): Profile => ({
  id: 1,
  language: 'en',
  premium_until: null,
  registration_campaign: null,
  registration_region: null,
  coins: 0,
  email: 'm@example.test',
  email_verified: false,
  avatar: null,
  avatar_url: '/media/avatars/default.svg',
  username: 'm',
  chatname: null,
  first_name: null,
  last_name: null,
  street: null,
  house: null,
  zip: null,
  city: null,
  country: null,
  playdate_notification: false,
  camera_mail_notification: false,
  newsletter_subscribed: false,
  age_verified: false,
  age: null,
  source: null,
  other_source: null,
  is_team_member: false,
  team_kinds: [],
  second_factor: 'not-needed',
  model_id: null,
  company: null,
  features: { age_verification: feature(true, { can_show_av_popup: true }) },
  settings: { playdate_block: false, upcoming_playdate_block: false },
  subscription: null,
  law_limitations: [],
  ...overrides,
});

describe('cookie popup (product §4, §9)', () => {
  it.each([
    { name: 'EU visitor (flag), no consent', visit: visit({ country: 'DE', isEUCountry: true }), variant: 'main', consented: false, show: true },
    { name: 'EU country without the flag', visit: visit({ country: 'FR' }), variant: 'main', consented: false, show: true },
    { name: 'UK visitor', visit: visit({ country: 'GB' }), variant: 'main', consented: false, show: true },
    { name: 'currently in the EU', visit: visit({ country: 'US', current_country: 'SE' }), variant: 'main', consented: false, show: true },
    { name: 'EU visitor who consented', visit: visit({ country: 'DE', isEUCountry: true }), variant: 'main', consented: true, show: false },
    { name: 'EU visitor on the io variant', visit: visit({ country: 'DE', isEUCountry: true }), variant: 'io', consented: false, show: false },
    { name: 'US visitor', visit: visit({ country: 'US' }), variant: 'main', consented: false, show: false },
    { name: 'Swiss visitor (not on the list)', visit: visit({ country: 'CH' }), variant: 'main', consented: false, show: false },
    { name: 'visit unknown', visit: null, variant: 'main', consented: false, show: false },
  ] as const)('$name → $show', (row) => {
    expect(shouldShowCookiePopup({ visit: row.visit, variant: row.variant, consented: row.consented })).toBe(row.show);
  });

  it.each([
    { name: 'stored answer wins', visit: visit({ country: 'US' }), stored: NECESSARY_ONLY, consent: NECESSARY_ONLY },
    { name: 'outside the list: implied', visit: visit({ country: 'US' }), stored: null, consent: ALL_CONSENT },
    { name: 'EU without an answer: none yet', visit: visit({ country: 'DE', isEUCountry: true }), stored: null, consent: null },
    { name: 'EU with an answer', visit: visit({ country: 'DE', isEUCountry: true }), stored: ALL_CONSENT, consent: ALL_CONSENT },
    { name: 'visit unknown: none', visit: null, stored: null, consent: null },
  ])('consent in force: $name', (row) => {
    expect(effectiveConsent(row.visit, row.stored)).toEqual(row.consent);
  });
});

describe('age approval gate', () => {
  const base = { sessionKnown: true, loggedIn: false, approved: false, pathname: '/', exemptPaths: ['/agb', '/contact-us', '/report', '/dmca', '/prohibited_content'], lawRestricted: false };
  it.each([
    { name: 'visitor on /', input: {}, show: true },
    { name: 'visitor on /videos', input: { pathname: '/videos' }, show: true },
    { name: 'already approved', input: { approved: true }, show: false },
    { name: 'logged in', input: { loggedIn: true }, show: false },
    { name: 'session not known yet', input: { sessionKnown: false }, show: false },
    { name: 'on /agb', input: { pathname: '/agb' }, show: false },
    { name: 'on /contact-us/', input: { pathname: '/contact-us/' }, show: false },
    { name: 'on /prohibited_content', input: { pathname: '/prohibited_content' }, show: false },
    { name: 'law restriction up instead', input: { lawRestricted: true }, show: false },
  ])('$name → $show', ({ input, show }) => {
    expect(shouldShowAgeApproval({ ...base, ...input })).toBe(show);
  });
});

describe('age verification popup (product §4)', () => {
  const base = { visitFeatures: {}, now: NOW, markerStored: false, pathname: '/recent_updates', exemptPaths: ['/agb', '/contact-us'] };
  it.each([
    { name: 'premium, unverified, may show', profile: profile({ premium_until: FUTURE }), input: {}, show: true },
    { name: 'not premium, marker stored', profile: profile(), input: { markerStored: true }, show: true },
    { name: 'not premium, no marker', profile: profile({ premium_until: PAST }), input: {}, show: false },
    { name: 'premium, already verified', profile: profile({ premium_until: FUTURE, age_verified: true }), input: {}, show: false },
    {
      name: 'premium, can_show_av_popup false',
      profile: profile({ premium_until: FUTURE, features: { age_verification: feature(true, { can_show_av_popup: false }) } }),
      input: {},
      show: false,
    },
    {
      name: 'premium, can_show_av_popup missing',
      profile: profile({ premium_until: FUTURE, features: { age_verification: feature(true) } }),
      input: {},
      show: false,
    },
    {
      name: "can_show_av_popup 'true' (not exactly true)",
      profile: profile({ premium_until: FUTURE, features: { age_verification: feature(true, { can_show_av_popup: 'true' }) } }),
      input: {},
      show: false,
    },
    { name: 'on /agb while the feature is active', profile: profile({ premium_until: FUTURE }), input: { pathname: '/agb' }, show: false },
    { name: 'on /contact-us while the feature is active', profile: profile({ premium_until: FUTURE }), input: { pathname: '/contact-us' }, show: false },
    {
      name: 'on /agb while the feature is off',
      profile: profile({ premium_until: FUTURE, features: { age_verification: feature(false, { can_show_av_popup: true }) } }),
      input: { pathname: '/agb' },
      show: true,
    },
    { name: 'on /dmca while active', profile: profile({ premium_until: FUTURE }), input: { pathname: '/dmca' }, show: true },
    { name: 'visitor', profile: null, input: { markerStored: true }, show: false },
  ])('$name → $show', (row) => {
    expect(shouldShowAgeVerificationPopup({ ...base, ...row.input, profile: row.profile })).toBe(row.show);
  });
});

describe('law restriction popup (product §4)', () => {
  const regions = ['texas', 'alabama', 'florida', 'indiana', 'kansas', 'louisiana', 'tennessee', 'oklahoma'];
  it.each(regions)('logged-out visitor in %s sees it', (region) => {
    expect(shouldShowLawRestriction({ sessionKnown: true, loggedIn: false, visit: visit({ region }) })).toBe(true);
  });

  it.each(regions)('logged-in user in %s does not', (region) => {
    expect(shouldShowLawRestriction({ sessionKnown: true, loggedIn: true, visit: visit({ region }) })).toBe(false);
  });

  it.each([
    { name: 'region code TX', visit: visit({ region: 'TX' }), show: true },
    { name: 'Texas, capitalised', visit: visit({ region: 'Texas' }), show: true },
    { name: 'now in Texas, first seen in California', visit: visit({ region: 'california', current_region: 'texas', current_country: 'US' }), show: true },
    { name: 'California', visit: visit({ region: 'california' }), show: false },
    { name: 'no region', visit: visit(), show: false },
    { name: 'a "texas" outside the US', visit: visit({ country: 'DE', region: 'texas' }), show: false },
    { name: 'age verification active', visit: visit({ region: 'texas', features: { age_verification: feature(true) } }), show: false },
  ])('$name → $show', (row) => {
    expect(shouldShowLawRestriction({ sessionKnown: true, loggedIn: false, visit: row.visit })).toBe(row.show);
  });

  it('waits for the session and the visit', () => {
    expect(shouldShowLawRestriction({ sessionKnown: false, loggedIn: false, visit: visit({ region: 'texas' }) })).toBe(false);
    expect(shouldShowLawRestriction({ sessionKnown: true, loggedIn: false, visit: null })).toBe(false);
  });

  it('names the region', () => {
    expect(restrictedRegionOf(visit({ region: 'OK' }))).toBe('oklahoma');
    expect(restrictedRegionOf(visit({ region: 'ohio' }))).toBeNull();
  });
});

describe('law limitation (product §4, §6)', () => {
  it.each([
    { name: 'SE user', profile: profile({ law_limitations: ['country:SE'] }), limited: true },
    { name: 'no limitations', profile: profile(), limited: false },
    { name: 'visitor', profile: null, limited: false },
  ])('$name → $limited', ({ profile: p, limited }) => {
    expect(hasLawLimitations(p)).toBe(limited);
  });

  const apiError = (status: number, code?: string) =>
    new ApiError({ status, statusText: '', body: code ? { error: { code, message: 'x' } } : {}, path: '/x' });
  it.each([
    { name: '451 LAW_LIMITED', error: apiError(451, 'LAW_LIMITED'), limited: true },
    { name: '451 without a body', error: apiError(451), limited: true },
    { name: '451 with another code', error: apiError(451, 'OTHER'), limited: false },
    { name: '403', error: apiError(403, 'LAW_LIMITED'), limited: false },
    { name: 'not an API error', error: new Error('x'), limited: false },
  ])('$name → $limited', ({ error, limited }) => {
    expect(isLawLimitedError(error)).toBe(limited);
  });
});
