import type { Profile } from '@velora/shared';
import type { ReactNode } from 'react';
import { createContext, useContext } from 'react';

/**
 * The logged-in account as the profile screens see it. The session belongs to features/auth, which this feature
 * may not import: the app reads it and provides it here (as it provides the links).
 */
export interface Account {
  profile: Profile | null;
  /** The first profile load has not settled yet. */
  isPending: boolean;
  /** The profile could not be loaded. */
  isError: boolean;
  /** Loads the profile again after a failure. */
  retry: () => void;
  /** Reloads the profile after a change, so every screen (the header too) shows the new values. */
  refresh: () => Promise<unknown>;
}

const AccountContext = createContext<Account | null>(null);

export function AccountProvider({ value, children }: { value: Account; children: ReactNode }) {
  return <AccountContext.Provider value={value}>{children}</AccountContext.Provider>;
}

export function useAccount(): Account {
  const account = useContext(AccountContext);
  if (!account) throw new Error('useAccount needs an <AccountProvider> (the app provides it in the root layout).');
  return account;
}
