import { useSyncExternalStore } from 'react';
import { reportError } from './report-error';
import { TAG_MANAGER_BASE } from './third-party-sources';

// Third-party scripts (ARCHITECTURE: "loaded on the page only after cookie consent where consent is
// required"). Each is configured at build time and off when unset. Nothing here decides who must be
// asked: the app hands in the consent in force (a stored choice, or implied for visitors outside the
// product §9 list) and only then do the loaders run.

export type ConsentCategory = 'analytics' | 'marketing';

/** Necessary cookies need no consent; these are the optional categories. */
export interface ConsentChoice {
  analytics: boolean;
  marketing: boolean;
}

export const ALL_CONSENT: ConsentChoice = { analytics: true, marketing: true };
export const NECESSARY_ONLY: ConsentChoice = { analytics: false, marketing: false };

export interface ThirdPartyConfig {
  /** Product analytics script (VITE_ANALYTICS_URL). */
  analyticsUrl: string | null;
  /** Tag manager container id (VITE_TAG_MANAGER_ID). */
  tagManagerId: string | null;
  /** Session-replay script (VITE_SESSION_REPLAY_URL). */
  sessionReplayUrl: string | null;
}

export type ThirdPartyId = 'analytics' | 'tag-manager' | 'session-replay';

export interface ThirdPartyScript {
  id: ThirdPartyId;
  category: ConsentCategory;
  src: string;
  /** Runs right before the script is added (e.g. the tag manager's data layer). */
  prepare?: (win: Window) => void;
}

function setting(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

export function thirdPartyConfigFromEnv(env: Record<string, unknown>): ThirdPartyConfig {
  return {
    analyticsUrl: setting(env.VITE_ANALYTICS_URL),
    tagManagerId: setting(env.VITE_TAG_MANAGER_ID),
    sessionReplayUrl: setting(env.VITE_SESSION_REPLAY_URL),
  };
}

/** The scripts a configuration turns on, each with the consent category it needs. */
export function thirdPartyScripts(config: ThirdPartyConfig): ThirdPartyScript[] {
  const scripts: ThirdPartyScript[] = [];
  if (config.analyticsUrl) scripts.push({ id: 'analytics', category: 'analytics', src: config.analyticsUrl });
  if (config.sessionReplayUrl) scripts.push({ id: 'session-replay', category: 'analytics', src: config.sessionReplayUrl });
  if (config.tagManagerId) {
    const id = config.tagManagerId;
    scripts.push({
      id: 'tag-manager',
      category: 'marketing',
      src: `${TAG_MANAGER_BASE}?id=${encodeURIComponent(id)}`,
      prepare: (win) => {
        const holder = win as unknown as { dataLayer?: unknown[] };
        holder.dataLayer = holder.dataLayer ?? [];
        holder.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
      },
    });
  }
  return scripts;
}

export interface LoadScriptOptions {
  /** A stable id: a script already on the page under it is not added twice. */
  id: string;
  doc?: Document;
}

const pending = new Map<string, Promise<void>>();

/** Adds an async script once; resolves when it has loaded, rejects when it fails to. */
export function loadScript(src: string, { id, doc = document }: LoadScriptOptions): Promise<void> {
  const elementId = `third-party-${id}`;
  const known = pending.get(elementId);
  if (known && doc.getElementById(elementId)) return known;
  const script = doc.createElement('script');
  script.id = elementId;
  script.src = src;
  script.async = true;
  const loaded = new Promise<void>((resolve, reject) => {
    script.addEventListener('load', () => resolve(), { once: true });
    script.addEventListener('error', () => reject(new Error(`Third-party script ${id} failed to load`)), { once: true });
  });
  pending.set(elementId, loaded);
  doc.head.appendChild(script);
  return loaded;
}

/** Whether a third-party script of this id is on the page. */
export function isScriptOnPage(id: string, doc: Document = document): boolean {
  return doc.getElementById(`third-party-${id}`) !== null;
}

export interface ThirdPartyLoader {
  /** Loads what the consent allows and is not loaded yet; null (no consent yet) loads nothing. Returns the ids started now. */
  apply(consent: ConsentChoice | null): ThirdPartyId[];
  loaded(): ReadonlySet<ThirdPartyId>;
}

export function createThirdPartyLoader(config: ThirdPartyConfig, deps: { load?: typeof loadScript; win?: Window } = {}): ThirdPartyLoader {
  const load = deps.load ?? loadScript;
  const started = new Set<ThirdPartyId>();
  const scripts = thirdPartyScripts(config);
  return {
    apply(consent) {
      if (!consent) return [];
      const now: ThirdPartyId[] = [];
      for (const script of scripts) {
        if (started.has(script.id) || !consent[script.category]) continue;
        started.add(script.id);
        now.push(script.id);
        script.prepare?.(deps.win ?? window);
        load(script.src, { id: script.id }).catch((error: unknown) => reportError(error, { thirdParty: script.id }));
      }
      return now;
    },
    loaded: () => started,
  };
}

// The consent in force, for whatever loads a third party later (e.g. the identity provider's library).
// null: not known yet, or the visitor has not answered. Withdrawn consent takes effect on the next page
// load: a script that ran cannot be taken back.

let consent: ConsentChoice | null = null;
const listeners = new Set<() => void>();

export function setConsent(next: ConsentChoice | null): void {
  if (next === consent || (next && consent && next.analytics === consent.analytics && next.marketing === consent.marketing)) return;
  consent = next;
  for (const listener of listeners) listener();
}

export function getConsent(): ConsentChoice | null {
  return consent;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConsent(): ConsentChoice | null {
  return useSyncExternalStore(subscribe, getConsent, getConsent);
}

/** For tests: forget consent and loaded scripts. */
export function resetThirdParties(doc: Document = document): void {
  setConsent(null);
  for (const id of pending.keys()) doc.getElementById(id)?.remove();
  pending.clear();
}
