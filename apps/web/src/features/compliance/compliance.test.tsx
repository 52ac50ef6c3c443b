import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile } from '@velora/shared';
import { describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { getPopupStates, showPopup } from '@/components/popups/popup-store';
import { hasAgeVerificationMarker, setAgeVerificationMarker } from '@/features/compliance/age-verification-marker';
import { storeConsent } from '@/features/compliance/consent-storage';
import { dispatchTheater } from '@/features/player/theater-store';
import { ApiError } from '@/lib/http';
import { getApprovedAge, getApprovedCookies, setApprovedAge } from '@/lib/storage';
import { profileFixture } from '@/test/render-app';
import { FUTURE, avFeature, thirdPartyScripts, setup, renderSite, ready, isolateComplianceTests } from '@/test/compliance-test-setup';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

// What a visitor must answer or is kept from: cookie consent, the age gate, law restrictions and limitations, age verification.

isolateComplianceTests();

describe('cookie consent (product §4, §9)', () => {
  it('asks a visitor from DE and loads nothing before the answer', async () => {
    renderSite('/', setup({ visit: { country: 'DE', isEUCountry: true } }));
    const popup = await screen.findByTestId('cookie-popup');
    expect(screen.getByRole('dialog', { name: 'Cookies' })).toBe(popup);
    expect(thirdPartyScripts()).toEqual([]);
    expect((window as unknown as { dataLayer?: unknown }).dataLayer).toBeUndefined();
  });

  it('accepting all stores the answer, closes the popup and only then loads the third parties', async () => {
    const user = userEvent.setup();
    renderSite('/', setup({ visit: { country: 'DE', isEUCountry: true } }));
    await user.click(await screen.findByTestId('cookie-accept'));
    await waitFor(() => expect(screen.queryByTestId('cookie-popup')).toBeNull());
    expect(getApprovedCookies()).toBe(true);
    expect(document.cookie).toContain('cookie_consent=');
    await waitFor(() => expect(thirdPartyScripts()).toEqual(['third-party-analytics', 'third-party-session-replay', 'third-party-tag-manager']));
  });

  it('only necessary cookies: answered, nothing loaded', async () => {
    const user = userEvent.setup();
    renderSite('/', setup({ visit: { country: 'FR', isEUCountry: true } }));
    await user.click(await screen.findByRole('button', { name: 'Only necessary' }));
    await waitFor(() => expect(screen.queryByTestId('cookie-popup')).toBeNull());
    expect(getApprovedCookies()).toBe(true);
    expect(thirdPartyScripts()).toEqual([]);
  });

  it('settings allow one category', async () => {
    const user = userEvent.setup();
    renderSite('/', setup({ visit: { country: 'GB', isEUCountry: true } }));
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    await user.click(screen.getByRole('checkbox', { name: /Analytics/ }));
    await user.click(screen.getByRole('button', { name: 'Save my choice' }));
    await waitFor(() => expect(thirdPartyScripts()).toEqual(['third-party-analytics', 'third-party-session-replay']));
  });

  it.each([
    { name: 'a US visitor (consent implied)', visit: { country: 'US' }, tld: null, consented: false, scripts: 3 },
    { name: 'an EU visitor who answered before', visit: { country: 'DE', isEUCountry: true }, tld: null, consented: true, scripts: 3 },
    { name: 'an EU visitor on the io variant (nothing loads either)', visit: { country: 'DE', isEUCountry: true }, tld: 'io', consented: false, scripts: 0 },
  ])('is not asked of $name', async ({ visit, tld, consented, scripts }) => {
    if (consented) storeConsent({ analytics: true, marketing: true });
    renderSite('/', setup({ visit, tld }));
    await ready();
    await waitFor(() => expect(thirdPartyScripts()).toHaveLength(scripts));
    expect(screen.queryByTestId('cookie-popup')).toBeNull();
  });

  it('the footer asks again', async () => {
    const user = userEvent.setup();
    storeConsent({ analytics: false, marketing: false });
    renderSite('/', setup({ visit: { country: 'DE', isEUCountry: true } }));
    await user.click(await screen.findByRole('button', { name: 'Cookie settings' }));
    expect(await screen.findByTestId('cookie-popup')).toBeTruthy();
  });
});

describe('age approval gate', () => {
  it('asks a visitor once; confirming stores it', async () => {
    const user = userEvent.setup();
    renderSite('/', setup());
    const gate = await screen.findByTestId('age-approval');
    expect(within(gate).getByRole('heading', { name: 'Are you 18 or older?' })).toBeTruthy();
    await user.click(screen.getByTestId('age-approval-confirm'));
    await waitFor(() => expect(screen.queryByTestId('age-approval')).toBeNull());
    expect(getApprovedAge()).toBe(true);
  });

  it.each([
    { name: 'a visitor who confirmed before', path: '/', approved: true, member: false },
    { name: 'a visitor on /agb', path: '/agb', approved: false, member: false },
    { name: 'a visitor on /contact-us', path: '/contact-us', approved: false, member: false },
    { name: 'a member', path: '/recent_updates', approved: false, member: true },
  ])('is not shown to $name', async ({ path, approved, member }) => {
    if (approved) setApprovedAge(true);
    renderSite(path, setup(member ? { profile: profileFixture() } : {}));
    await ready();
    expect(screen.queryByTestId('age-approval')).toBeNull();
  });
});

describe('law restriction popup (product §4)', () => {
  it('blocks a logged-out visitor from Texas, instead of the age gate', async () => {
    renderSite('/', setup({ visit: { country: 'US', region: 'texas' } }));
    const popup = await screen.findByTestId('law-restriction-popup');
    expect(within(popup).getByText(/A law in Texas/)).toBeTruthy();
    expect(within(popup).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/#log_in');
    expect(screen.queryByTestId('age-approval')).toBeNull();
  });

  it.each([
    { name: 'a member from Texas', visit: { region: 'texas' }, member: true, path: '/recent_updates' },
    { name: 'a visitor from California', visit: { region: 'california' }, member: false, path: '/' },
    { name: 'a visitor from Texas while age verification is on', visit: { region: 'texas', features: avFeature() }, member: false, path: '/' },
    { name: 'a visitor from Texas on a legal page', visit: { region: 'texas' }, member: false, path: '/dmca' },
  ])('is not shown to $name', async ({ visit, member, path }) => {
    setApprovedAge(true);
    renderSite(path, setup({ visit: { country: 'US', ...visit }, ...(member ? { profile: profileFixture() } : {}) }));
    await ready();
    expect(screen.queryByTestId('law-restriction-popup')).toBeNull();
  });
});

describe('law limitation (product §4)', () => {
  it('skips a law-limited route for an SE user and says why', async () => {
    const { location } = renderSite('/cameras', setup({ profile: profileFixture({ country: 'SE', law_limitations: ['country:SE'] }) }));
    expect(await screen.findByRole('dialog', { name: 'Not available in your country' })).toBeTruthy();
    expect(location().pathname).toBe('/recent_updates');
  });

  it('shows an SE user no way into the cams from the header, and the playdates still', async () => {
    renderSite('/recent_updates', setup({ profile: profileFixture({ country: 'SE', law_limitations: ['country:SE'] }) }));
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link', { name: 'Live cams' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Playdates' }).getAttribute('href')).toBe('/playdates');
  });

  it('replaces the coins-charge popup for an SE user', async () => {
    renderSite('/recent_updates', setup({ profile: profileFixture({ country: 'SE', law_limitations: ['country:SE'] }) }));
    await ready();
    act(() => showPopup('buy-coins'));
    expect(await screen.findByRole('dialog', { name: 'Not available in your country' })).toBeTruthy();
    expect(getPopupStates()['buy-coins']?.show).toBe(false);
  });

  it('answers a 451 LAW_LIMITED from the server with the same popup', async () => {
    const { app } = renderSite('/recent_updates', setup({ profile: profileFixture() }));
    await ready();
    expect(screen.queryByRole('dialog', { name: 'Not available in your country' })).toBeNull();
    const limited = new ApiError({ status: 451, statusText: '', body: { error: { code: 'LAW_LIMITED', message: 'x' } }, path: '/favourites/camera' });
    await act(() => app.queryClient.fetchQuery({ queryKey: ['limited'], queryFn: () => Promise.reject(limited), retry: false }).catch(() => null));
    expect(await screen.findByRole('dialog', { name: 'Not available in your country' })).toBeTruthy();
  });
});

describe('age verification (product §2, §4)', () => {
  const premium = (overrides: Partial<Profile> = {}) => profileFixture({ premium_until: FUTURE, features: avFeature(), ...overrides });

  it('asks a premium member who is not verified, and starts the verification', async () => {
    const user = userEvent.setup();
    const start = vi.fn(() => ({ url: '/api/age-verification/sandbox/abc' }));
    renderSite('/recent_updates', setup({ profile: premium(), routes: { get: { '/user/verification_age': start } } }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify your age' });
    await user.click(within(dialog).getByRole('button', { name: 'Verify my age' }));
    await waitFor(() => expect(start).toHaveBeenCalled());
    await waitFor(() => expect(hasAgeVerificationMarker()).toBe(true));
  });

  it('waits while a film plays in the theater', async () => {
    renderSite('/recent_updates', setup({ profile: premium(), routes: { get: { '/videos/5': () => new Promise(() => undefined) } } }));
    expect(await screen.findByRole('dialog', { name: 'Verify your age' })).toBeTruthy();
    act(() => dispatchTheater({ type: 'select', videoId: 5 }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Verify your age' })).toBeNull());
    act(() => dispatchTheater({ type: 'close' }));
    expect(await screen.findByRole('dialog', { name: 'Verify your age' })).toBeTruthy();
  });

  it.each([
    { name: 'a verified premium member', profile: () => premium({ age_verified: true }), path: '/recent_updates', marker: false, show: false },
    { name: 'a free member without a marker', profile: () => profileFixture({ features: avFeature() }), path: '/recent_updates', marker: false, show: false },
    { name: 'a free member with a marker', profile: () => profileFixture({ features: avFeature() }), path: '/recent_updates', marker: true, show: true },
    { name: 'a premium member on /agb', profile: () => premium(), path: '/agb', marker: false, show: false },
    { name: 'a premium member on /contact-us', profile: () => premium(), path: '/contact-us', marker: false, show: false },
  ])('$name → $show', async ({ profile, path, marker, show }) => {
    if (marker) setAgeVerificationMarker();
    renderSite(path, setup({ profile: profile() }));
    if (show) {
      expect(await screen.findByRole('dialog', { name: 'Verify your age' })).toBeTruthy();
    } else {
      await ready();
      expect(screen.queryByRole('dialog', { name: 'Verify your age' })).toBeNull();
    }
  });

  it('back with ?age_verification=success: the success popup once, the profile refetched, the marker gone', async () => {
    setAgeVerificationMarker();
    const profile = vi.fn(() => premium({ age_verified: true }));
    const { location } = renderSite('/?age_verification=success', setup({ profile: premium(), routes: { get: { '/user/profile': profile } } }));
    expect(await screen.findByRole('dialog', { name: 'Thank you' })).toBeTruthy();
    expect(location().search).toBe('');
    await waitFor(() => expect(profile.mock.calls.length).toBeGreaterThanOrEqual(2));
    expect(hasAgeVerificationMarker()).toBe(false);
  });
});
