import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignInOptionsProps } from '@/components/sign-in-options';
import { useIdentityProviderContext } from './identity-provider-root';
import '../identity-provider.css';

/**
 * "Sign in with Google" in the log-in and sign-up dialogs, on the configured host only. The library's
 * own button replaces the stand-in once it is ready; before consent the stand-in says why it waits.
 */
export function GoogleSignInButton({ context }: SignInOptionsProps) {
  const { t, i18n } = useTranslation();
  const provider = useIdentityProviderContext();
  const hintId = useId();
  const target = useRef<HTMLDivElement>(null);
  const [rendered, setRendered] = useState(false);
  const flow = provider?.flow ?? null;
  const state = useSyncExternalStore(
    (listener) => flow?.subscribe(listener) ?? (() => undefined),
    () => flow?.state() ?? 'idle',
  );
  const available = state !== 'idle' && state !== 'loading';

  useEffect(() => {
    if (!flow || !available || !target.current || rendered) return;
    setRendered(
      flow.renderButton(target.current, {
        type: 'standard',
        theme: 'outline',
        size: 'large',
        shape: 'pill',
        text: context === 'sign-up' ? 'signup_with' : 'signin_with',
        width: 320,
        locale: i18n.resolvedLanguage,
      }),
    );
  }, [flow, available, rendered, context, i18n.resolvedLanguage]);

  if (!provider) return null;
  const waitingForConsent = !provider.consentReady;
  // A library that failed shows nothing (product §8: no message); the error event said it.
  if (state === 'error' && !rendered) return null;

  return (
    <div className="identity-provider" data-testid="identity-provider-sign-in">
      <p className="identity-provider__divider">
        <span>{t('identityProvider.or')}</span>
      </p>
      <div ref={target} className="identity-provider__button" hidden={!rendered} />
      {rendered ? null : (
        <button
          type="button"
          className="button button--secondary button--block identity-provider__fallback"
          disabled
          aria-describedby={waitingForConsent ? hintId : undefined}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M21.6 12.2c0-.7-.1-1.4-.2-2H12v3.8h5.4a4.6 4.6 0 01-2 3v2.5h3.2c1.9-1.7 3-4.3 3-7.3z" fill="#4285F4" />
            <path d="M12 22c2.7 0 5-.9 6.6-2.4l-3.2-2.5c-.9.6-2 1-3.4 1-2.6 0-4.8-1.8-5.6-4.1H3.1v2.6A10 10 0 0012 22z" fill="#34A853" />
            <path d="M6.4 14c-.2-.6-.3-1.3-.3-2s.1-1.4.3-2V7.4H3.1a10 10 0 000 9.2z" fill="#FBBC05" />
            <path d="M12 6c1.5 0 2.8.5 3.8 1.5l2.9-2.9A10 10 0 003.1 7.4L6.4 10C7.2 7.7 9.4 6 12 6z" fill="#EA4335" />
          </svg>
          {t('identityProvider.signIn')}
        </button>
      )}
      {waitingForConsent ? (
        <p id={hintId} className="identity-provider__hint">
          {t('identityProvider.waitingForConsent')}
        </p>
      ) : null}
    </div>
  );
}
