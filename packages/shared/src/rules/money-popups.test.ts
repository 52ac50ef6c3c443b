import { describe, expect, it } from 'vitest';
import {
  discountFeatureOf,
  discountPercentOf,
  discountPopupFor,
  isDiscountActive,
  shouldRedirectToPaywall,
  subscriptionPopupAllowed,
  subscriptionPopupOutcome,
} from './money-popups';

const on = (version: string | null = null, settings: Record<string, unknown> = {}) => ({ is_active: true, version, settings });
const off = { is_active: false, version: null, settings: {} };

describe('subscriptionPopupAllowed (product §4)', () => {
  it.each([
    ['free member on a page', false, false, '/videos', false, true],
    ['premium member', true, false, '/videos', false, false],
    ['success_buy marker stored', false, true, '/videos', false, false],
    ['premium and marker', true, true, '/videos', false, false],
    ['/agb while age verification is on', false, false, '/agb', true, false],
    ['/contact-us while age verification is on', false, false, '/contact-us', true, false],
    ['/contact-us/ (trailing slash) while age verification is on', false, false, '/contact-us/', true, false],
    ['/agb while age verification is off', false, false, '/agb', false, true],
    ['/contact-us while age verification is off', false, false, '/contact-us', false, true],
    ['another page while age verification is on', false, false, '/recent_updates', true, true],
    ['/report while age verification is on (only /agb and /contact-us are exempt)', false, false, '/report', true, true],
  ] as const)('%s → %s', (_case, premium, hasSuccessBuyMarker, path, ageVerificationOn, expected) => {
    expect(subscriptionPopupAllowed({ premium, hasSuccessBuyMarker, path, ageVerificationOn })).toBe(expected);
  });
});

describe('discountPopupFor (product §4)', () => {
  it.each([
    ['nothing active', {}, null],
    ['no features at all', null, null],
    ['black Friday, no version', { black_friday_discount_24: on() }, 'black-friday-discount'],
    ['black Friday, version v2', { black_friday_discount_24: on('v2') }, 'black-friday-discount'],
    ['black Friday, version subscribers', { black_friday_discount_24: on('subscribers') }, null],
    ['black Friday, version containing subscribers', { black_friday_discount_24: on('subscribers_2024') }, null],
    ['black Friday inactive', { black_friday_discount_24: off }, null],
    ["Valentine's, no version", { valentines_day_discount_25: on() }, 'valentines-discount'],
    ["Valentine's, version subscribers", { valentines_day_discount_25: on('subscribers') }, null],
    ["Valentine's, version only containing subscribers", { valentines_day_discount_25: on('new_subscribers') }, 'valentines-discount'],
    ['summer, no version', { summer_discount: on() }, 'summer-discount'],
    ['summer, version subscribers', { summer_discount: on('subscribers') }, null],
    ['summer, version containing subscribers', { summer_discount: on('subscribers_only') }, 'summer-discount'],
    ['summer inactive', { summer_discount: off }, null],
    ['black Friday first when several apply', { summer_discount: on(), black_friday_discount_24: on(), valentines_day_discount_25: on() }, 'black-friday-discount'],
    ["Valentine's when black Friday is for subscribers", { black_friday_discount_24: on('subscribers'), valentines_day_discount_25: on() }, 'valentines-discount'],
    ['another discount has no popup', { cc_discount: on() }, null],
  ] as const)('%s → %s', (_case, features, expected) => {
    expect(discountPopupFor(features)).toBe(expected);
  });
});

describe('shouldRedirectToPaywall (product §4)', () => {
  const base = { premium: false, hasSuccessBuyMarker: false, path: '/videos', ageVerificationOn: false };
  it.each([
    ['popup allowed, a discount active', base, { summer_discount: on() }, true, 'paywall'],
    ['popup allowed, black Friday only for subscribers (no plan price carries it)', base, { black_friday_discount_24: on('subscribers') }, false, 'show'],
    ['popup allowed, a personal discount active', base, { customer_support_discount: on() }, true, 'paywall'],
    ['popup allowed, the credit-card discount active', base, { cc_discount: on() }, true, 'paywall'],
    ['popup allowed, no discount', base, { trailer: on() }, false, 'show'],
    ['popup allowed, discount inactive', base, { summer_discount: off }, false, 'show'],
    ['premium, a discount active', { ...base, premium: true }, { summer_discount: on() }, false, 'suppress'],
    ['success_buy marker, a discount active', { ...base, hasSuccessBuyMarker: true }, { summer_discount: on() }, false, 'suppress'],
    ['on /agb with age verification, a discount active', { ...base, path: '/agb', ageVerificationOn: true }, { summer_discount: on() }, false, 'suppress'],
  ] as const)('%s → %s', (_case, input, features, expected, outcome) => {
    expect(shouldRedirectToPaywall({ ...input, features })).toBe(expected);
    expect(subscriptionPopupOutcome({ ...input, features })).toBe(outcome);
  });
});

describe('discount percent and features', () => {
  it('counts a discount that plan prices carry as active', () => {
    expect(isDiscountActive({ ladies_discount: on() })).toBe(true);
    expect(isDiscountActive({ summer_discount: on('subscribers') })).toBe(false);
    expect(isDiscountActive({ trailer: on() })).toBe(false);
    expect(isDiscountActive(null)).toBe(false);
  });

  it.each([
    ['a whole percent', { percent: 30 }, 30],
    ['the largest allowed', { percent: 90 }, 90],
    ['missing: the default of the feature', {}, 20],
    ['zero: the default', { percent: 0 }, 20],
    ['above the maximum: the default', { percent: 100 }, 20],
    ['a fraction: the default', { percent: 12.5 }, 20],
    ['a string: the default', { percent: '30' }, 20],
  ] as const)('percent %s → %s', (_case, settings, expected) => {
    expect(discountPercentOf({ summer_discount: on(null, settings) }, 'summer_discount')).toBe(expected);
  });

  it('has no percent for a discount that is not offered', () => {
    expect(discountPercentOf({ summer_discount: off }, 'summer_discount')).toBeNull();
    expect(discountPercentOf({}, 'summer_discount')).toBeNull();
    expect(discountPercentOf({ summer_discount: on('subscribers', { percent: 30 }) }, 'summer_discount')).toBeNull();
  });

  it('names the feature of each discount popup', () => {
    expect(discountFeatureOf('black-friday-discount')).toBe('black_friday_discount_24');
    expect(discountFeatureOf('valentines-discount')).toBe('valentines_day_discount_25');
    expect(discountFeatureOf('summer-discount')).toBe('summer_discount');
  });
});
