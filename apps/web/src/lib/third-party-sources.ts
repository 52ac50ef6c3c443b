// The third parties a build may load, and what each needs from the page's Content-Security-Policy (decision 028).
// The build writes `thirdPartySources(env)` beside index.html (vite.config.ts) and the server allows exactly those:
// a third party that is not configured at build time cannot run on the page. No imports: vite.config.ts loads this
// file in Node.

/** Google Identity Services, the identity provider's library (features/identity-provider). */
export const GIS_SCRIPT_URL = 'https://accounts.google.com/gsi/client';
/** The tag manager's loader (lib/third-parties). */
export const TAG_MANAGER_BASE = 'https://www.googletagmanager.com/gtm.js';

export type CspDirective = 'script-src' | 'style-src' | 'connect-src' | 'img-src' | 'frame-src';
export type CspSources = Record<CspDirective, string[]>;

const setting = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

function httpsOrigin(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The sources each configured third party needs: its script, and where it reports to. Scripts are named by their full
 * URL (not their origin) where the URL is fixed, so nothing else on that host may run. An http:// script is left out
 * (a page over https could not load it anyway).
 */
export function thirdPartySources(env: Record<string, unknown>): CspSources {
  const sources: CspSources = { 'script-src': [], 'style-src': [], 'connect-src': [], 'img-src': [], 'frame-src': [] };
  const add = (directive: CspDirective, ...values: string[]) => {
    for (const value of values) if (!sources[directive].includes(value)) sources[directive].push(value);
  };
  for (const url of [setting(env.VITE_ANALYTICS_URL), setting(env.VITE_SESSION_REPLAY_URL)]) {
    const origin = url && httpsOrigin(url);
    if (!origin || !url) continue;
    // The analytics and session-replay scripts load their own code from their host and send their reports there.
    add('script-src', origin);
    add('connect-src', origin);
    add('img-src', origin);
  }
  if (setting(env.VITE_TAG_MANAGER_ID)) {
    add('script-src', new URL(TAG_MANAGER_BASE).origin);
    add('img-src', new URL(TAG_MANAGER_BASE).origin);
    add('connect-src', new URL(TAG_MANAGER_BASE).origin, 'https://www.google-analytics.com', 'https://region1.google-analytics.com');
  }
  if (setting(env.VITE_IDENTITY_PROVIDER_HOST) && setting(env.VITE_GOOGLE_CLIENT_ID)) {
    // What Google documents for its sign-in button under a CSP.
    add('script-src', GIS_SCRIPT_URL);
    add('style-src', 'https://accounts.google.com/gsi/style');
    add('frame-src', 'https://accounts.google.com/gsi/');
    add('connect-src', 'https://accounts.google.com/gsi/');
  }
  return sources;
}
