import type { AccessTokenResponse, IdentitySignInBody } from '@velora/shared';
import type { GoogleButtonOptions, GoogleIdApi } from './google-identity';

// product §4: library loaded → ready → prompt → credential → login. The prompt is cancelled once the
// user is logged in; a failure at any step is emitted as an error event and shows no message.

export type IdentityProviderState = 'idle' | 'loading' | 'loaded' | 'ready' | 'prompt' | 'credential' | 'login' | 'error';
export type IdentityProviderStage = 'library' | 'initialize' | 'prompt' | 'credential' | 'login';

export interface IdentityProviderFlowDeps {
  clientId: string;
  /** Adds the library's script (after consent) and resolves once it ran. */
  loadLibrary: () => Promise<void>;
  googleId: () => GoogleIdApi | null;
  signIn: (body: IdentitySignInBody) => Promise<AccessTokenResponse>;
  /** The body's language and landing_id at the moment of the credential. */
  context: () => Pick<IdentitySignInBody, 'language' | 'landing_id'>;
  /** Stores the session and moves on (product §2 redirect order). */
  onSignedIn: (answer: AccessTokenResponse) => Promise<void> | void;
  onError: (error: unknown, stage: IdentityProviderStage) => void;
}

export interface IdentityProviderFlow {
  state(): IdentityProviderState;
  subscribe(listener: () => void): () => void;
  /** Loads and initialises the library once; later calls share the first. */
  start(): Promise<void>;
  /** Shows the one-tap prompt (when ready and not prompted yet). */
  prompt(): void;
  /** The user is logged in: no prompt any more. */
  cancel(): void;
  /** The user logged out: no automatic sign-in back into the same account. */
  forget(): void;
  renderButton(parent: HTMLElement, options: GoogleButtonOptions): boolean;
  /** The library's callback (exposed for tests). */
  handleCredential(credential: string | undefined): Promise<void>;
}

export function createIdentityProviderFlow(deps: IdentityProviderFlowDeps): IdentityProviderFlow {
  let state: IdentityProviderState = 'idle';
  let started: Promise<void> | null = null;
  const listeners = new Set<() => void>();

  const set = (next: IdentityProviderState) => {
    if (state === next) return;
    state = next;
    for (const listener of listeners) listener();
  };
  const fail = (error: unknown, stage: IdentityProviderStage) => {
    set('error');
    deps.onError(error, stage);
  };

  async function handleCredential(credential: string | undefined): Promise<void> {
    if (!credential) {
      fail(new Error('The identity provider returned no credential'), 'credential');
      return;
    }
    set('credential');
    let answer: AccessTokenResponse;
    try {
      answer = await deps.signIn({ token: credential, ...deps.context() });
    } catch (error) {
      fail(error, 'login');
      return;
    }
    set('login');
    try {
      await deps.onSignedIn(answer);
    } catch (error) {
      fail(error, 'login');
    }
  }

  async function run(): Promise<void> {
    set('loading');
    try {
      await deps.loadLibrary();
    } catch (error) {
      fail(error, 'library');
      return;
    }
    const googleId = deps.googleId();
    if (!googleId) {
      fail(new Error('The identity provider library did not load'), 'library');
      return;
    }
    set('loaded');
    try {
      googleId.initialize({
        client_id: deps.clientId,
        callback: (response) => void handleCredential(response.credential),
        auto_select: false,
        cancel_on_tap_outside: true,
        itp_support: true,
        use_fedcm_for_prompt: true,
      });
    } catch (error) {
      fail(error, 'initialize');
      return;
    }
    set('ready');
  }

  return {
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: () => (started ??= run()),
    prompt() {
      if (state !== 'ready') return;
      try {
        deps.googleId()?.prompt();
        set('prompt');
      } catch (error) {
        fail(error, 'prompt');
      }
    },
    cancel() {
      if (state === 'idle' || state === 'loading') return;
      try {
        deps.googleId()?.cancel();
      } catch {
        // Nothing was showing.
      }
    },
    forget() {
      try {
        deps.googleId()?.disableAutoSelect();
      } catch {
        // The library is gone; nothing to forget.
      }
    },
    renderButton(parent, options) {
      const googleId = deps.googleId();
      if (!googleId || state === 'idle' || state === 'loading') return false;
      try {
        googleId.renderButton(parent, options);
        return true;
      } catch (error) {
        deps.onError(error, 'initialize');
        return false;
      }
    },
    handleCredential,
  };
}
