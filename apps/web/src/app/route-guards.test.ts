import { describe, expect, it } from 'vitest';
import type { Profile } from '@velora/shared';
import { can } from '@velora/shared';
import { capabilitySubject } from '@/lib/capabilities';
import { profileFixture } from '@/test/render-app';
import type { GuardContext } from './route-guards';
import { clampedPageUrl, guardRoute, logInRedirect } from './route-guards';
import { routeByName } from './routes';

const NOW = Date.UTC(2025, 0, 1);
const ctx = (profile: Profile | null, extra: Partial<GuardContext> = {}): GuardContext => ({
  profile,
  visitFeatures: {},
  now: NOW,
  pathOf: (name) => routeByName(name as Parameters<typeof routeByName>[0]).path,
  homePath: '/',
  ...extra,
});
const url = (path: string) => new URL(path, 'http://localhost');
const on = (feature: string) => ({ [feature]: { is_active: true, version: null, settings: {} } });

describe('guardRoute', () => {
  it('sends visitors on requiresAuth routes to /?redirect=<path>#log_in', () => {
    expect(guardRoute(routeByName('videos'), url('/videos'), ctx(null))).toBe('/?redirect=%2Fvideos#log_in');
    expect(guardRoute(routeByName('update'), url('/update/3?x=1'), ctx(null))).toBe('/?redirect=%2Fupdate%2F3%3Fx%3D1#log_in');
  });

  it('lets members through requiresAuth routes', () => {
    expect(guardRoute(routeByName('videos'), url('/videos'), ctx(profileFixture()))).toBeNull();
  });

  it('lets everyone through public routes', () => {
    expect(guardRoute(routeByName('forgotPassword'), url('/forgot_password'), ctx(null))).toBeNull();
    expect(guardRoute(routeByName('agb'), url('/agb'), ctx(null))).toBeNull();
  });

  it('sends members from / to their landing URL, or to a safe redirect query', () => {
    const home = routeByName('home');
    expect(guardRoute(home, url('/'), ctx(profileFixture()))).toBe('/recent_updates');
    expect(guardRoute(home, url('/'), ctx(profileFixture({ features: on('landing_redirect') })))).toBe('/feeds');
    expect(guardRoute(home, url('/?redirect=%2Fvideos'), ctx(profileFixture()))).toBe('/videos');
    expect(guardRoute(home, url('/?redirect=https%3A%2F%2Fevil.test'), ctx(profileFixture()))).toBe('/recent_updates');
    expect(guardRoute(home, url('/?redirect=%2F%2Fevil.test'), ctx(profileFixture()))).toBe('/recent_updates');
    expect(guardRoute(home, url('/'), ctx(null))).toBeNull();
  });

  it('sends non-premium users on premium routes to the landing URL with a redirect query', () => {
    const route = routeByName('privatePlaydate');
    expect(guardRoute(route, url('/private-playdate/4'), ctx(profileFixture()))).toBe('/recent_updates?redirect=%2Fprivate-playdate%2F4');
    const premium = profileFixture({ premium_until: NOW / 1000 + 3600 });
    expect(guardRoute(route, url('/private-playdate/4'), ctx(premium))).toBeNull();
    const expired = profileFixture({ premium_until: NOW / 1000 - 1 });
    expect(guardRoute(route, url('/private-playdate/4'), ctx(expired))).toBe('/recent_updates?redirect=%2Fprivate-playdate%2F4');
  });

  it('decides "member" and "premium" as the capability table does: a model or a team member is not premium by that', () => {
    const premiumRoute = routeByName('privatePlaydate');
    const memberRoute = routeByName('videos');
    // [who, profile, passes a requiresAuth route, passes a requiresPremium route]
    const people: Array<[string, Profile | null, boolean, boolean]> = [
      ['visitor', null, false, false],
      ['member', profileFixture(), true, false],
      ['premium', profileFixture({ premium_until: NOW / 1000 + 1 }), true, true],
      ['premium ending now', profileFixture({ premium_until: NOW / 1000 }), true, false],
      ['model', profileFixture({ model_id: 3 }), true, false],
      ['team', profileFixture({ is_team_member: true }), true, false],
    ];
    for (const [who, profile, member, premium] of people) {
      const subject = capabilitySubject(profile);
      const passes = (route: typeof premiumRoute, path: string) => guardRoute(route, url(path), ctx(profile)) === null;
      expect([who, passes(memberRoute, '/videos'), passes(premiumRoute, '/private-playdate/4')]).toEqual([who, member, premium]);
      expect([who, can(subject, 'account', NOW), can(subject, 'premium', NOW)]).toEqual([who, member, premium]);
    }
  });

  it('skips law-limited routes for users with law limitations', () => {
    const limited = profileFixture({ law_limitations: ['country:SE'] });
    expect(guardRoute(routeByName('cameras'), url('/cameras'), ctx(limited))).toBe('/recent_updates');
    expect(guardRoute(routeByName('videos'), url('/videos'), ctx(limited))).toBeNull();
    expect(guardRoute(routeByName('cameras'), url('/cameras'), ctx(profileFixture()))).toBeNull();
  });

  it('forwards /join to / with its query', () => {
    expect(guardRoute(routeByName('join'), url('/join?campaign=x'), ctx(null))).toBe('/?campaign=x');
  });

  it('sends blog paths to / while age verification is on', () => {
    expect(guardRoute(routeByName('blog'), url('/blog'), ctx(null, { visitFeatures: on('age_verification') }))).toBe('/');
    expect(guardRoute(routeByName('blog'), url('/blog'), ctx(null))).toBeNull();
  });

  it('clamps page values below 1 before anything else', () => {
    expect(guardRoute(routeByName('videos'), url('/videos?page=0&order=oldest'), ctx(null))).toBe('/videos?page=1&order=oldest');
  });
});

describe('clampedPageUrl', () => {
  it.each([
    ['/videos?page=0', '/videos?page=1'],
    ['/videos?page=-4', '/videos?page=1'],
    ['/videos?page=abc', '/videos?page=1'],
    ['/videos?page=2.7', '/videos?page=2'],
    ['/videos?page=3', null],
    ['/videos', null],
  ])('%s → %s', (input, expected) => {
    expect(clampedPageUrl(url(input))).toBe(expected);
  });
});

describe('logInRedirect', () => {
  it('encodes the whole path and query', () => {
    expect(logInRedirect('/', '/videos')).toBe('/?redirect=%2Fvideos#log_in');
    expect(logInRedirect('/', '/videos?tags=1,2')).toBe('/?redirect=%2Fvideos%3Ftags%3D1%2C2#log_in');
  });
});
