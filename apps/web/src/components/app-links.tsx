import type { FavouriteKind, Language } from '@velora/shared';
import type { ReactNode } from 'react';
import { createContext, useContext } from 'react';

/**
 * The app paths that features link to. Features may not import the app's route table, so the
 * app builds these from it (routePath) and hands them down here.
 */
export interface AppLinks {
  home: string;
  forgotPassword: string;
  recentUpdates: string;
  videos: string;
  feeds: string;
  models: string;
  shoots: string;
  cameras: string;
  modelProfile: (id: number) => string;
  /** A shoot; with a video id, the hash `#video-{id}` selects that video (SPEC §2). */
  shoot: (id: number, videoId?: number) => string;
  update: (id: number) => string;
  shootImages: (shootId: number, chapterId: number) => string;
  camera: (name: string) => string;
  favourites: Record<FavouriteKind, string>;
  /** The legal pages that link to each other (all of them exist on every site variant). */
  legal: Record<LegalLinkName, string>;
  /** The member's profile overview and account settings. */
  userProfile: string;
  userProfileSettings: string;
  /** Membership activation (SPEC §2). */
  paywall: string;
  /** The blog list, or an article by alias, under the prefix of a language (SPEC §2: lecker_blog for German). */
  blog: (language: Language, alias?: string) => string;
  /** The inbox (a page of it), a conversation by the other party's segment, a playdate's offline messages. */
  messages: (page?: number) => string;
  conversation: (name: string) => string;
  playdateMessages: (id: number) => string;
}

export type LegalLinkName = 'contactUs' | 'report' | 'agb' | 'dmca' | 'prohibitedContent';

const AppLinksContext = createContext<AppLinks | null>(null);

export function AppLinksProvider({ links, children }: { links: AppLinks; children: ReactNode }) {
  return <AppLinksContext.Provider value={links}>{children}</AppLinksContext.Provider>;
}

export function useAppLinks(): AppLinks {
  const links = useContext(AppLinksContext);
  if (!links) throw new Error('useAppLinks needs an <AppLinksProvider> (the app provides it at the root).');
  return links;
}
