import type { ComponentType, ReactNode } from 'react';
import { createContext, useContext } from 'react';

// Further ways to sign in (an identity provider) shown in the log-in and sign-up dialogs. The dialogs
// belong to features/auth and the provider to its own feature; the app puts one into the other here.

export interface SignInOptionsProps {
  /** The dialog it appears in. */
  context: 'log-in' | 'sign-up';
}

const SignInOptionsContext = createContext<ComponentType<SignInOptionsProps> | null>(null);

export function SignInOptionsProvider({ component, children }: { component: ComponentType<SignInOptionsProps> | null; children: ReactNode }) {
  return <SignInOptionsContext.Provider value={component}>{children}</SignInOptionsContext.Provider>;
}

/** Renders the app's further sign-in options, or nothing where there are none. */
export function SignInOptionsSlot({ context }: SignInOptionsProps) {
  const Options = useContext(SignInOptionsContext);
  return Options ? <Options context={context} /> : null;
}
