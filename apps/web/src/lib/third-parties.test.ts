import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ALL_CONSENT,
  NECESSARY_ONLY,
  createThirdPartyLoader,
  getConsent,
  isScriptOnPage,
  loadScript,
  resetThirdParties,
  setConsent,
  thirdPartyConfigFromEnv,
  thirdPartyScripts,
} from './third-parties';

const CONFIG = thirdPartyConfigFromEnv({
  VITE_ANALYTICS_URL: 'https://analytics.example.test/a.js',
  VITE_TAG_MANAGER_ID: 'GTM-TEST1',
  VITE_SESSION_REPLAY_URL: 'https://replay.example.test/r.js',
});

const scriptsOnPage = () => [...document.querySelectorAll('script[id^="third-party-"]')].map((s) => s.id);

afterEach(() => {
  resetThirdParties();
  delete (window as unknown as { dataLayer?: unknown }).dataLayer;
});

describe('configuration', () => {
  it('is off when unset or blank', () => {
    const config = thirdPartyConfigFromEnv({ VITE_ANALYTICS_URL: '  ', VITE_TAG_MANAGER_ID: undefined });
    expect(config).toEqual({ analyticsUrl: null, tagManagerId: null, sessionReplayUrl: null });
    expect(thirdPartyScripts(config)).toEqual([]);
  });

  it('maps each script to its consent category', () => {
    expect(thirdPartyScripts(CONFIG).map((s) => [s.id, s.category])).toEqual([
      ['analytics', 'analytics'],
      ['session-replay', 'analytics'],
      ['tag-manager', 'marketing'],
    ]);
    expect(thirdPartyScripts(CONFIG).find((s) => s.id === 'tag-manager')?.src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-TEST1');
  });
});

describe('loading after consent', () => {
  it('loads nothing before consent', () => {
    const loader = createThirdPartyLoader(CONFIG);
    expect(loader.apply(null)).toEqual([]);
    expect(scriptsOnPage()).toEqual([]);
    expect((window as unknown as { dataLayer?: unknown }).dataLayer).toBeUndefined();
  });

  it('loads nothing with necessary cookies only', () => {
    const loader = createThirdPartyLoader(CONFIG);
    expect(loader.apply(NECESSARY_ONLY)).toEqual([]);
    expect(scriptsOnPage()).toEqual([]);
  });

  it('loads the analytics category only when only analytics is allowed', () => {
    const loader = createThirdPartyLoader(CONFIG);
    expect(loader.apply({ analytics: true, marketing: false })).toEqual(['analytics', 'session-replay']);
    expect(scriptsOnPage().sort()).toEqual(['third-party-analytics', 'third-party-session-replay']);
    expect(document.getElementById('third-party-analytics')?.getAttribute('src')).toBe('https://analytics.example.test/a.js');
  });

  it('loads everything once after full consent, and a widened consent adds the rest', () => {
    const load = vi.fn(() => Promise.resolve());
    const loader = createThirdPartyLoader(CONFIG, { load });
    loader.apply({ analytics: true, marketing: false });
    expect(loader.apply(ALL_CONSENT)).toEqual(['tag-manager']);
    expect(loader.apply(ALL_CONSENT)).toEqual([]);
    expect(load).toHaveBeenCalledTimes(3);
    expect((window as unknown as { dataLayer: unknown[] }).dataLayer[0]).toMatchObject({ event: 'gtm.js' });
  });

  it('adds a script once and resolves when it loaded', async () => {
    const first = loadScript('https://lib.example.test/x.js', { id: 'x' });
    const second = loadScript('https://lib.example.test/x.js', { id: 'x' });
    expect(document.querySelectorAll('#third-party-x')).toHaveLength(1);
    document.getElementById('third-party-x')?.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBeUndefined();
    await expect(second).resolves.toBeUndefined();
    expect(isScriptOnPage('x')).toBe(true);
  });

  it('rejects when the script fails', async () => {
    const loading = loadScript('https://lib.example.test/y.js', { id: 'y' });
    document.getElementById('third-party-y')?.dispatchEvent(new Event('error'));
    await expect(loading).rejects.toThrow('failed to load');
  });
});

describe('consent store', () => {
  it('keeps the consent in force and tells subscribers only about changes', () => {
    expect(getConsent()).toBeNull();
    setConsent({ analytics: true, marketing: false });
    const before = getConsent();
    setConsent({ analytics: true, marketing: false });
    expect(getConsent()).toBe(before);
    setConsent(null);
    expect(getConsent()).toBeNull();
  });
});
