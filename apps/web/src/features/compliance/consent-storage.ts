import { COOKIE_LIFETIME_DAYS } from '@velora/shared';
import { useSyncExternalStore } from 'react';
import { reportError } from '@/lib/report-error';
import { deleteCookie, getApprovedCookies, getCookie, setApprovedCookies, setCookie } from '@/lib/storage';
import type { ConsentChoice } from '@/lib/third-parties';
import { NECESSARY_ONLY } from '@/lib/third-parties';

// The visitor's cookie answer: the approvedCookies flag of product §3 says an answer exists; the chosen
// categories sit beside it in a preference cookie (product §9: 365 days).

export const CONSENT_CHOICE_COOKIE = 'cookie_consent';

function parseChoice(raw: string | null): ConsentChoice | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof ConsentChoice, unknown>> | null;
    if (value && typeof value.analytics === 'boolean' && typeof value.marketing === 'boolean') {
      return { analytics: value.analytics, marketing: value.marketing };
    }
  } catch (error) {
    reportError(error, { reason: 'Unparseable stored value', key: CONSENT_CHOICE_COOKIE });
  }
  deleteCookie(CONSENT_CHOICE_COOKIE);
  return null;
}

// One object per stored state, so React sees the same snapshot until the storage changes.
let snapshot: { approved: boolean; raw: string | null; choice: ConsentChoice | null } | null = null;

/** The stored answer, or null before the visitor answered. An answer without categories counts as necessary only. */
export function getStoredConsent(): ConsentChoice | null {
  const approved = getApprovedCookies();
  const raw = getCookie(CONSENT_CHOICE_COOKIE);
  if (!snapshot || snapshot.approved !== approved || snapshot.raw !== raw) {
    snapshot = { approved, raw, choice: approved ? (parseChoice(raw) ?? NECESSARY_ONLY) : null };
  }
  return snapshot.choice;
}

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function storeConsent(choice: ConsentChoice): void {
  setCookie(CONSENT_CHOICE_COOKIE, JSON.stringify({ analytics: choice.analytics, marketing: choice.marketing }), COOKIE_LIFETIME_DAYS.preference);
  setApprovedCookies(true);
  notify();
}

/** Forgets the answer (the popup asks again). */
export function clearStoredConsent(): void {
  deleteCookie(CONSENT_CHOICE_COOKIE);
  setApprovedCookies(false);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useStoredConsent(): ConsentChoice | null {
  return useSyncExternalStore(subscribe, getStoredConsent, getStoredConsent);
}
