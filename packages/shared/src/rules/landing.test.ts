import { describe, expect, it } from 'vitest';
import { isFeatureActive, landingUrlFor } from './landing';

const on = { is_active: true };
const off = { is_active: false };

describe('landingUrlFor (product §4)', () => {
  it.each([
    ['visitor', false, { landing_redirect: on }, '/'],
    ['visitor without features', false, null, '/'],
    ['member, landing_redirect active', true, { landing_redirect: on }, '/feeds'],
    ['member, landing_redirect inactive', true, { landing_redirect: off }, '/recent_updates'],
    ['member, landing_redirect absent', true, { trailer: on }, '/recent_updates'],
    ['member, no features', true, undefined, '/recent_updates'],
  ] as const)('%s → %s', (_case, loggedIn, features, expected) => {
    expect(landingUrlFor(loggedIn, features)).toBe(expected);
  });
});

describe('isFeatureActive', () => {
  it.each([
    [{ trailer: on }, 'trailer', true],
    [{ trailer: off }, 'trailer', false],
    [{}, 'trailer', false],
    [null, 'trailer', false],
  ] as const)('%j, %s → %s', (features, name, expected) => {
    expect(isFeatureActive(features, name)).toBe(expected);
  });
});
