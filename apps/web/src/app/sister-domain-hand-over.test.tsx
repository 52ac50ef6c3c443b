import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { PROFILE_QUERY_KEY } from '@/features/auth/api/get-profile';
import { api } from '@/lib/http';
import { setErrorReporter } from '@/lib/report-error';
import { setAccessToken } from '@/lib/storage';
import type { ApiMock } from '@/test/render-app';
import { fakeApi, profileFixture } from '@/test/render-app';
import { useSisterDomainHandOver } from './compliance-effects';
import { SiteConfigProvider, siteConfigFor } from './site-config';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
const mockedApi = api as unknown as ApiMock;

/** This page (jsdom's host) is a sister domain of velora.com. */
const SISTER = { VITE_MAIN_DOMAIN: 'velora.com', VITE_SISTER_DOMAINS: window.location.hostname };

function renderHandOver(env: Record<string, unknown>, loggedIn: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(PROFILE_QUERY_KEY, loggedIn ? profileFixture() : null);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <SiteConfigProvider config={siteConfigFor(window.location.hostname, null, env)}>{children}</SiteConfigProvider>
    </QueryClientProvider>
  );
  const leave = vi.fn();
  renderHook(() => useSisterDomainHandOver(leave), { wrapper });
  return leave;
}

beforeEach(() => {
  vi.clearAllMocks();
  setErrorReporter(() => undefined);
  setAccessToken('the-session-token');
  fakeApi(mockedApi, { post: { '/auth/hand_over': () => ({ code: 'one-time-code', expires_at: 2_000_000_000 }) } });
});
afterEach(() => {
  setAccessToken(null);
  setErrorReporter(null);
});

describe('sister-domain hand-over (product §1, decision record 030)', () => {
  it('sends a logged-in user to the main domain with a one-time code, never the session token', async () => {
    const leave = renderHandOver(SISTER, true);
    await waitFor(() => expect(leave).toHaveBeenCalledTimes(1));
    const target = new URL(leave.mock.calls[0]![0] as string);
    expect(target.hostname).toBe('velora.com');
    expect(target.searchParams.get('authToken')).toBe('one-time-code');
    expect(target.toString()).not.toContain('the-session-token');
    expect(mockedApi.post).toHaveBeenCalledWith('/auth/hand_over');
  });

  it('asks for no code for a guest, or on a domain that is not a sister', async () => {
    renderHandOver(SISTER, false);
    renderHandOver({ VITE_MAIN_DOMAIN: 'velora.com', VITE_SISTER_DOMAINS: 'velora.de' }, true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mockedApi.post).not.toHaveBeenCalled();
  });

  it('stays, logged in, when no code can be had', async () => {
    fakeApi(mockedApi, { post: { '/auth/hand_over': () => Promise.reject(new Error('offline')) } });
    const leave = renderHandOver(SISTER, true);
    await waitFor(() => expect(mockedApi.post).toHaveBeenCalledWith('/auth/hand_over'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(leave).not.toHaveBeenCalled();
  });
});
