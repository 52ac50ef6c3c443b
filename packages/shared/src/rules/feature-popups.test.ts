import { describe, expect, it } from 'vitest';
import { featuresToIntroduce, shouldAskOrganicData, shouldOfferDoubleOptIn } from './feature-popups';

const on = { is_active: true, version: null, settings: {} };
const off = { is_active: false, version: null, settings: {} };

describe('shouldOfferDoubleOptIn (product §4)', () => {
  it.each([
    ['logged in, no marker, feature on', true, false, { double_opt_in: on }, true],
    ['visitor', false, false, { double_opt_in: on }, false],
    ['marker stored', true, true, { double_opt_in: on }, false],
    ['feature off', true, false, { double_opt_in: off }, false],
    ['feature absent', true, false, {}, false],
    ['no features', true, false, null, false],
  ] as const)('%s → %s', (_case, loggedIn, markerStored, features, expected) => {
    expect(shouldOfferDoubleOptIn({ loggedIn, markerStored, features })).toBe(expected);
  });
});

describe('shouldAskOrganicData', () => {
  it.each([
    ['member without source, feature on', { source: null, features: { organic_popup: on } }, false, true],
    ['visitor', null, false, false],
    ['source known', { source: 'friend', features: { organic_popup: on } }, false, false],
    ['feature off', { source: null, features: { organic_popup: off } }, false, false],
    ['dismissed in this session', { source: null, features: { organic_popup: on } }, true, false],
  ] as const)('%s → %s', (_case, profile, dismissed, expected) => {
    expect(shouldAskOrganicData({ profile, dismissed })).toBe(expected);
  });
});

describe('featuresToIntroduce', () => {
  const intro = (settings: Record<string, unknown>, active = true) => ({ is_active: active, version: null, settings });
  it.each([
    ['active with introduce', { trailer: intro({ introduce: true }) }, [], ['trailer']],
    ['inactive', { trailer: intro({ introduce: true }, false) }, [], []],
    ['without introduce', { trailer: intro({}) }, [], []],
    ['viewed on the server', { trailer: intro({ introduce: true, introduce_seen: true }) }, [], []],
    ['seen in this browser', { trailer: intro({ introduce: true }) }, ['trailer'], []],
    ['several, in name order', { zeta: intro({ introduce: 'Meet zeta' }), alpha: intro({ introduce: true }) }, [], ['alpha', 'zeta']],
    ['no features', null, [], []],
  ] as const)('%s → %j', (_case, features, seen, expected) => {
    expect(featuresToIntroduce(features, new Set(seen))).toEqual(expected);
  });
});
