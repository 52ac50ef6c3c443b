import { useEffect } from 'react';
import { matchRoutes } from 'react-router';
import type { RouteDefinition } from '../route-types';

// Prefetching the next step (decision record 052): a screen's chunk starts loading when a link to it is pointed at,
// focused or touched, so the click finds it loaded; a hash link (`#log_in`) loads its dialog the same way.

/** What a link may lead to besides a route: dialogs opened by a hash. */
export type HashPrefetchers = Readonly<Record<string, () => Promise<unknown>>>;

/**
 * Loads each chunk once; a failed load may be tried again (the navigation itself will report it). `screenOf` gives a
 * route's loader as the router uses it (with what the screen waits for).
 */
export function createPrefetcher(routes: readonly RouteDefinition[], screenOf: (route: RouteDefinition) => () => Promise<unknown>, hashes: HashPrefetchers = {}) {
  const started = new Set<string>();
  const objects = routes.map((route) => ({ path: route.path, route }));

  const once = (key: string, load: () => Promise<unknown>) => {
    if (started.has(key)) return;
    started.add(key);
    load().catch(() => started.delete(key));
  };

  /** Starts loading what `href` (a same-site link) leads to. */
  return (href: string, base: string = window.location.href): void => {
    let url: URL;
    try {
      url = new URL(href, base);
    } catch {
      return;
    }
    if (url.origin !== new URL(base).origin) return;
    const current = new URL(base);
    const hashLoad = hashes[url.hash];
    if (hashLoad) once(`hash:${url.hash}`, hashLoad);
    // A link to the page itself (a dialog's hash) loads no screen.
    if (url.pathname === current.pathname) return;
    const deepest = matchRoutes(objects, url.pathname)?.at(-1)?.route.route;
    if (deepest) once(`route:${deepest.name}:${deepest.path}`, screenOf(deepest));
  };
}

export type Prefetch = ReturnType<typeof createPrefetcher>;

const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;

/** Watches the whole page for the intent to follow a link (one listener per event, on the document). */
export function usePrefetchOnIntent(prefetch: Prefetch): void {
  useEffect(() => {
    const onIntent = (event: Event) => {
      const target = event.target instanceof Element ? event.target.closest('a[href], [data-prefetch]') : null;
      if (target instanceof HTMLAnchorElement && !target.hasAttribute('download')) prefetch(target.href);
      // A button that opens a dialog by its hash names it (`data-prefetch="#log_in"`).
      else if (target instanceof HTMLElement && target.dataset.prefetch) prefetch(target.dataset.prefetch);
    };
    for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { passive: true, capture: true });
    return () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, { capture: true });
    };
  }, [prefetch]);
}
