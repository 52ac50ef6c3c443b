import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { hideAllPopups } from '@/components/popups/popup-store';

/**
 * Every navigation, a hash change included, closes all popups (product §2); dialogs bound to a hash
 * follow the hash by themselves. A page change (path or query) also moves focus to the main
 * region, so keyboard and screen-reader users start at the new content.
 */
export function useNavigationEffects(mainId: string): void {
  const { pathname, search, key } = useLocation();
  const page = `${pathname}${search}`;
  // Compared by value, so a re-run of an effect (StrictMode) is not taken for a navigation.
  const previousKey = useRef(key);
  const previousPage = useRef(page);

  useEffect(() => {
    if (previousKey.current === key) return;
    previousKey.current = key;
    hideAllPopups();
  }, [key]);

  useEffect(() => {
    if (previousPage.current === page) return;
    previousPage.current = page;
    const main = document.getElementById(mainId);
    if (main && !main.contains(document.activeElement)) main.focus({ preventScroll: true });
  }, [page, mainId]);
}
