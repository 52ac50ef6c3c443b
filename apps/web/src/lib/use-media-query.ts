import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';

/**
 * What a media query answers where there is no window (the landing shell rendered at build time, decision record
 * 055): the shell renders once per answer and lets CSS pick. Elsewhere a query without an entry answers false.
 */
export const ServerMediaQueries = createContext<Readonly<Record<string, boolean>>>({});

/**
 * Whether a CSS media query matches now, kept current as the window changes. False where the browser has no
 * matchMedia (jsdom), so tests see the wide layout unless they stub it.
 */
export function useMediaQuery(query: string): boolean {
  const serverAnswers = useContext(ServerMediaQueries);
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches, () => serverAnswers[query] ?? false);
}
