import { describe, expect, it } from 'vitest';
import { GIS_SCRIPT_URL, thirdPartySources } from './third-party-sources';
import { thirdPartyConfigFromEnv, thirdPartyScripts } from './third-parties';

/** Whether a CSP source list lets this URL load (an origin, or a URL ending in / as a prefix, or the exact URL). */
const allows = (sources: string[], url: string) =>
  sources.some((s) => s === url || s === new URL(url).origin || (s.endsWith('/') && url.startsWith(s)));

describe('thirdPartySources (the CSP of decision 028)', () => {
  it('allows nothing when the build configures no third party', () => {
    expect(thirdPartySources({})).toEqual({ 'script-src': [], 'style-src': [], 'connect-src': [], 'img-src': [], 'frame-src': [] });
  });

  it('allows every script the consent loader may add, and where it reports to', () => {
    const env = {
      VITE_ANALYTICS_URL: 'https://analytics.example.net/script.js',
      VITE_SESSION_REPLAY_URL: 'https://replay.example.org/r.js',
      VITE_TAG_MANAGER_ID: 'GTM-ABC123',
    };
    const sources = thirdPartySources(env);
    const scripts = thirdPartyScripts(thirdPartyConfigFromEnv(env));
    expect(scripts).toHaveLength(3);
    for (const script of scripts) expect(allows(sources['script-src'], script.src), script.src).toBe(true);
    expect(sources['connect-src']).toEqual(expect.arrayContaining(['https://analytics.example.net', 'https://replay.example.org']));
  });

  it('allows the identity provider only when both of its settings are there', () => {
    expect(thirdPartySources({ VITE_GOOGLE_CLIENT_ID: 'id' })['script-src']).toEqual([]);
    const sources = thirdPartySources({ VITE_GOOGLE_CLIENT_ID: 'id', VITE_IDENTITY_PROVIDER_HOST: 'www.example.com' });
    expect(allows(sources['script-src'], GIS_SCRIPT_URL)).toBe(true);
    expect(sources['frame-src']).toEqual(['https://accounts.google.com/gsi/']);
  });

  it('leaves out a script that is not https', () => {
    expect(thirdPartySources({ VITE_ANALYTICS_URL: 'http://analytics.example.net/a.js' })['script-src']).toEqual([]);
  });
});
