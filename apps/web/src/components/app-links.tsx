import type { ReactNode } from 'react';
import { createContext, useContext } from 'react';

/**
 * The few app paths that features link to. Features may not import the app's route table, so the
 * app builds these from it (routePath) and hands them down here.
 */
export interface AppLinks {
  home: string;
  forgotPassword: string;
  recentUpdates: string;
  videos: string;
}

const AppLinksContext = createContext<AppLinks | null>(null);

export function AppLinksProvider({ links, children }: { links: AppLinks; children: ReactNode }) {
  return <AppLinksContext.Provider value={links}>{children}</AppLinksContext.Provider>;
}

export function useAppLinks(): AppLinks {
  const links = useContext(AppLinksContext);
  if (!links) throw new Error('useAppLinks needs an <AppLinksProvider> (the app provides it at the root).');
  return links;
}
