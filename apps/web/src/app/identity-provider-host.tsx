import { useQueryClient } from '@tanstack/react-query';
import type { AccessTokenResponse, IdentitySignInBody } from '@velora/shared';
import { isLanguage } from '@velora/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UIMatch } from 'react-router';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { SignInOptionsProvider } from '@/components/sign-in-options';
import { GoogleSignInButton } from '@/features/identity-provider/components/google-sign-in-button';
import { IdentityProviderRoot } from '@/features/identity-provider/components/identity-provider-root';
import { signInTarget } from '@/features/identity-provider/config';
import { useConsent } from '@/lib/third-parties';
import { startSession, useSession } from '@/features/auth/session';
import { paths } from '@/paths';
import type { RouteHandle } from './route-types';
import { useSiteConfig } from './site-config';

/** product §2: a landing_id is read from route meta: the landing route's id (`/welcome/{id}`). */
export function landingIdOf(matches: readonly UIMatch[]): IdentitySignInBody['landing_id'] {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const match = matches[i];
    const route = (match?.handle as RouteHandle | undefined)?.route;
    if (!route) continue;
    const id = route.name === 'landing' ? match?.params.id : undefined;
    if (!id) return null;
    return /^[1-9]\d{0,8}$/.test(id) ? Number(id) : id.slice(0, 64);
  }
  return null;
}

/**
 * Identity-provider sign-in on its one host (product §1, §2, §4): the flow runs for the whole page, the
 * button goes into the log-in and sign-up dialogs. Success stores the session and goes to the server's
 * redirect_url, else the route's `redirect` query, else `/?login=true`.
 */
export function IdentityProviderHost({ children }: { children: ReactNode }) {
  const { identityProvider } = useSiteConfig();
  const { isLoggedIn, isPending } = useSession();
  const consent = useConsent();
  const { i18n } = useTranslation();
  const location = useLocation();
  const matches = useMatches();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const landingId = landingIdOf(matches);

  const onSignedIn = async (answer: AccessTokenResponse) => {
    const profile = await startSession(queryClient, answer.access_token, answer.expires_at);
    if (!profile) throw new Error('The identity-provider session could not be started');
    const target = signInTarget(answer.redirect_url, new URLSearchParams(location.search).get('redirect'), paths.home());
    if (target.startsWith('/')) {
      await navigate(target, { replace: true });
      return;
    }
    const url = new URL(target);
    if (url.origin === window.location.origin) await navigate(`${url.pathname}${url.search}${url.hash}`, { replace: true });
    else window.location.assign(url.toString());
  };

  return (
    <IdentityProviderRoot
      config={identityProvider}
      consentReady={consent !== null}
      sessionKnown={!isPending}
      loggedIn={isLoggedIn}
      signInContext={() => ({ language, landing_id: landingId })}
      onSignedIn={onSignedIn}
    >
      <SignInOptionsProvider component={identityProvider ? GoogleSignInButton : null}>{children}</SignInOptionsProvider>
    </IdentityProviderRoot>
  );
}
