import type { AccessTokenResponse } from '@velora/shared';
import { describe, expect, it, vi } from 'vitest';
import { identityProviderConfigFromEnv, identityProviderFor, signInTarget } from './config';
import type { IdentityProviderFlowDeps, IdentityProviderState } from './flow';
import { createIdentityProviderFlow } from './flow';
import type { CredentialResponse, GoogleIdApi } from './google-identity';

function fakeGoogle() {
  let callback: ((response: CredentialResponse) => void) | null = null;
  const api: GoogleIdApi = {
    initialize: vi.fn((config) => {
      callback = config.callback;
    }),
    prompt: vi.fn(),
    cancel: vi.fn(),
    disableAutoSelect: vi.fn(),
    renderButton: vi.fn(),
  };
  return { api, credential: (value: string | undefined) => callback?.({ credential: value }) };
}

const answer: AccessTokenResponse = { access_token: 'session-1', token_type: 'Bearer', expires_at: 2_000_000_000, redirect_url: null };

function setup(overrides: Partial<IdentityProviderFlowDeps> = {}) {
  const google = fakeGoogle();
  const states: IdentityProviderState[] = [];
  const deps: IdentityProviderFlowDeps = {
    clientId: 'client-1',
    loadLibrary: vi.fn(() => Promise.resolve()),
    googleId: () => google.api,
    signIn: vi.fn(() => Promise.resolve(answer)),
    context: () => ({ language: 'de', landing_id: 12 }),
    onSignedIn: vi.fn(),
    onError: vi.fn(),
    ...overrides,
  };
  const flow = createIdentityProviderFlow(deps);
  flow.subscribe(() => states.push(flow.state()));
  return { flow, deps, google, states };
}

describe('identity-provider flow (product §4)', () => {
  it('goes library loaded → ready → prompt → credential → login', async () => {
    const { flow, deps, google, states } = setup();
    await flow.start();
    flow.prompt();
    google.credential('id-token');
    await vi.waitFor(() => expect(deps.onSignedIn).toHaveBeenCalledWith(answer));
    expect(states).toEqual(['loading', 'loaded', 'ready', 'prompt', 'credential', 'login']);
    expect(google.api.initialize).toHaveBeenCalledWith(expect.objectContaining({ client_id: 'client-1' }));
    expect(deps.signIn).toHaveBeenCalledWith({ token: 'id-token', language: 'de', landing_id: 12 });
    expect(deps.onError).not.toHaveBeenCalled();
  });

  it('loads the library once however often it is started', async () => {
    const { flow, deps } = setup();
    await Promise.all([flow.start(), flow.start()]);
    expect(deps.loadLibrary).toHaveBeenCalledTimes(1);
  });

  it('cancels the prompt once logged in and forgets the account on logout', async () => {
    const { flow, google } = setup();
    flow.cancel();
    expect(google.api.cancel).not.toHaveBeenCalled();
    await flow.start();
    flow.prompt();
    flow.cancel();
    expect(google.api.cancel).toHaveBeenCalledTimes(1);
    flow.forget();
    expect(google.api.disableAutoSelect).toHaveBeenCalled();
  });

  it.each([
    { name: 'the server rejects the token', overrides: { signIn: vi.fn(() => Promise.reject(new Error('401'))) }, stage: 'login' },
    { name: 'the library does not load', overrides: { loadLibrary: vi.fn(() => Promise.reject(new Error('blocked'))) }, stage: 'library' },
    { name: 'the library is missing after loading', overrides: { googleId: () => null }, stage: 'library' },
    { name: 'storing the session fails', overrides: { onSignedIn: vi.fn(() => Promise.reject(new Error('no profile'))) }, stage: 'login' },
  ] as const)('reports a failure when $name, without signing in', async ({ overrides, stage }) => {
    const { flow, deps, google } = setup(overrides);
    await flow.start();
    flow.prompt();
    google.credential('id-token');
    await vi.waitFor(() => expect(deps.onError).toHaveBeenCalledWith(expect.any(Error), stage));
    expect(flow.state()).toBe('error');
  });

  it('reports a credential response without a token', async () => {
    const { flow, deps, google } = setup();
    await flow.start();
    google.credential(undefined);
    await vi.waitFor(() => expect(deps.onError).toHaveBeenCalledWith(expect.any(Error), 'credential'));
    expect(deps.signIn).not.toHaveBeenCalled();
  });

  it('renders the button only once the library is ready', async () => {
    const { flow, google } = setup();
    const parent = document.createElement('div');
    expect(flow.renderButton(parent, {})).toBe(false);
    await flow.start();
    expect(flow.renderButton(parent, { text: 'signin_with' })).toBe(true);
    expect(google.api.renderButton).toHaveBeenCalledWith(parent, { text: 'signin_with' });
  });
});

describe('identity-provider host and redirect (product §1, §2)', () => {
  const config = identityProviderConfigFromEnv({ VITE_IDENTITY_PROVIDER_HOST: 'Velora.Test', VITE_GOOGLE_CLIENT_ID: 'client-1' });

  it('is enabled on the configured host only', () => {
    expect(config).toEqual({ host: 'velora.test', clientId: 'client-1' });
    expect(identityProviderFor('velora.test', config)).toEqual(config);
    expect(identityProviderFor('VELORA.TEST.', config)).toEqual(config);
    expect(identityProviderFor('velora.io', config)).toBeNull();
    expect(identityProviderConfigFromEnv({ VITE_IDENTITY_PROVIDER_HOST: 'velora.test' })).toBeNull();
  });

  it.each([
    { name: 'server redirect_url first', redirectUrl: '/feeds', query: '/videos', target: '/feeds' },
    { name: 'absolute server redirect_url', redirectUrl: 'https://velora.com/welcome', query: '/videos', target: 'https://velora.com/welcome' },
    { name: 'then the route redirect query', redirectUrl: null, query: '/videos?page=2', target: '/videos?page=2' },
    { name: 'an off-site redirect query is ignored', redirectUrl: null, query: '//evil.test/x', target: '/?login=true' },
    { name: 'an unusable redirect_url is ignored', redirectUrl: 'javascript:alert(1)', query: '/models', target: '/models' },
    { name: 'else the root with login=true', redirectUrl: undefined, query: null, target: '/?login=true' },
  ])('$name', ({ redirectUrl, query, target }) => {
    expect(signInTarget(redirectUrl, query)).toBe(target);
  });
});
