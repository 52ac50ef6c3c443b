import type { BrowserContext } from 'playwright-core';

/**
 * Marks, in a member's browser context, the popups that open by themselves once a session has been engaged long
 * enough (product §4: the double opt-in reminder, the organic offer, the model tip offer, the discount) as already
 * offered this session. A test about something else then meets no dialog over the control it clicks: the tip offer,
 * for one, opens after a watched show or a model's page and covered a playdate's form until the click timed out.
 * Applies to the pages' next loads. The keys are the web's (features/feature-popups/markers.ts,
 * features/coins/use-tip-offer-trigger.ts, features/paywall/money-popup-triggers.ts).
 */
export async function markSitePopupsOffered(context: BrowserContext, userId: number): Promise<void> {
  // The function below is compiled with esbuild's keepNames (tsx, vitest), which calls __name in the page.
  await context.addInitScript('window.__name = window.__name || ((fn) => fn);');
  await context.addInitScript((id: number) => {
    const set = (storage: Storage, key: string, value: string) => {
      if (storage.getItem(key) === null) storage.setItem(key, value);
    };
    set(localStorage, `velora:double-opt-in:${id}`, String(Date.now()));
    set(sessionStorage, `velora:organic-dismissed:${id}`, '1');
    set(sessionStorage, `velora:tip-offer-asked:${id}`, '1');
    set(sessionStorage, `velora:discount-popup-offered:${id}`, '1');
  }, userId);
}
