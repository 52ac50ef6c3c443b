import type { AccessTokenResponse, IdentitySignInBody } from '@velora/shared';
import type { ReactNode } from 'react';
import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { loadScript } from '@/lib/third-parties';
import { reportError } from '@/lib/report-error';
import { signInWithIdentityProvider } from '../api/sign-in';
import type { IdentityProviderConfig } from '../config';
import { GIS_SCRIPT_URL, IDENTITY_PROVIDER, IDENTITY_PROVIDER_ERROR_EVENT } from '../config';
import type { IdentityProviderFlow, IdentityProviderStage } from '../flow';
import { createIdentityProviderFlow } from '../flow';
import { googleIdApi } from '../google-identity';

interface IdentityProviderContextValue {
  flow: IdentityProviderFlow;
  /** Consent allows the library on the page. */
  consentReady: boolean;
}

const IdentityProviderContext = createContext<IdentityProviderContextValue | null>(null);

export function useIdentityProviderContext(): IdentityProviderContextValue | null {
  return useContext(IdentityProviderContext);
}

/** product §4, §8: the failure is an event (and a report), never a message. */
export function emitIdentityProviderError(error: unknown, stage: IdentityProviderStage): void {
  reportError(error, { during: 'identity-provider sign-in', stage });
  window.dispatchEvent(
    new CustomEvent(IDENTITY_PROVIDER_ERROR_EVENT, {
      detail: { provider: IDENTITY_PROVIDER, stage, message: error instanceof Error ? error.message : String(error) },
    }),
  );
}

export interface IdentityProviderRootProps {
  /** The config when this host offers sign-in; null renders the children only. */
  config: IdentityProviderConfig | null;
  consentReady: boolean;
  /** The profile load has settled. */
  sessionKnown: boolean;
  loggedIn: boolean;
  /** language and landing_id of the sign-in body, read when the credential arrives. */
  signInContext: () => Pick<IdentitySignInBody, 'language' | 'landing_id'>;
  onSignedIn: (answer: AccessTokenResponse) => Promise<void> | void;
  children: ReactNode;
  /** For tests: the library loader and API. */
  loadLibrary?: () => Promise<void>;
}

/** Runs the sign-in flow on the configured host: the library after consent, the one-tap prompt for visitors. */
export function IdentityProviderRoot({ config, consentReady, sessionKnown, loggedIn, signInContext, onSignedIn, children, loadLibrary }: IdentityProviderRootProps) {
  const latest = useRef({ signInContext, onSignedIn, loggedIn });
  useEffect(() => {
    latest.current = { signInContext, onSignedIn, loggedIn };
  });

  const [flow] = useState(() =>
    config
      ? createIdentityProviderFlow({
          clientId: config.clientId,
          loadLibrary: loadLibrary ?? (() => loadScript(GIS_SCRIPT_URL, { id: 'identity-provider' })),
          googleId: () => googleIdApi(),
          signIn: signInWithIdentityProvider,
          context: () => latest.current.signInContext(),
          onSignedIn: (answer) => latest.current.onSignedIn(answer),
          onError: emitIdentityProviderError,
        })
      : null,
  );

  useEffect(() => {
    if (!flow || !consentReady || !sessionKnown || loggedIn) return;
    void flow.start().then(() => {
      if (!latest.current.loggedIn) flow.prompt();
    });
  }, [flow, consentReady, sessionKnown, loggedIn]);

  const wasLoggedIn = useRef(loggedIn);
  useEffect(() => {
    if (!flow) return;
    if (loggedIn) flow.cancel();
    else if (wasLoggedIn.current) flow.forget();
    wasLoggedIn.current = loggedIn;
  }, [flow, loggedIn]);

  const value = useMemo(() => (flow ? { flow, consentReady } : null), [flow, consentReady]);

  return <IdentityProviderContext.Provider value={value}>{children}</IdentityProviderContext.Provider>;
}
