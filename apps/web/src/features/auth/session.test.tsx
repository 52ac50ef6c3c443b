import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import { getAccessToken, setAccessToken } from '@/lib/storage';
import type { ApiMock } from '@/test/render-app';
import { serverError } from '@/test/fake-api';
import { fakeApi, profileFixture, unauthorized } from '@/test/render-app';
import { PROFILE_LOAD_RETRIES } from './api/get-profile';
import { useSession } from './session';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
const mockedApi = api as unknown as ApiMock;

function renderSession() {
  // The app's defaults (no retry) everywhere but where the profile's own options say otherwise.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useSession(), { wrapper });
}

beforeEach(() => {
  vi.clearAllMocks();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
  setAccessToken(null);
});

describe('the session', () => {
  it('is a member once the profile loads', async () => {
    setAccessToken('a-token');
    fakeApi(mockedApi, { get: { '/user/profile': () => profileFixture() } });
    const { result } = renderSession();
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(result.current.isLoggedIn).toBe(true);
  });

  it('is a visitor after a 401, and the dead token is dropped', async () => {
    setAccessToken('a-dead-token');
    fakeApi(mockedApi, { get: { '/user/profile': () => { throw unauthorized(); } } });
    const { result } = renderSession();
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(result.current.isLoggedIn).toBe(false);
    expect(getAccessToken()).toBeNull();
  });

  it('stays unknown, never a visitor, while the profile of a stored token fails to load, and asks again', async () => {
    setAccessToken('a-token');
    fakeApi(mockedApi, { get: { '/user/profile': () => { throw serverError(429, 'Too many requests'); } } });
    const { result } = renderSession();
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000);
    await waitFor(() => expect(mockedApi.get).toHaveBeenCalledTimes(1 + PROFILE_LOAD_RETRIES));
    // Every load failed: still unknown (no visitor's age gate over a member's page), the token kept.
    expect(result.current.isPending).toBe(true);
    expect(result.current.isLoggedIn).toBe(false);
    expect(getAccessToken()).toBe('a-token');
  });

  it('becomes the member when a retry loads the profile', async () => {
    setAccessToken('a-token');
    let calls = 0;
    fakeApi(mockedApi, {
      get: {
        '/user/profile': () => {
          calls += 1;
          if (calls === 1) throw serverError(503, 'Busy');
          return profileFixture();
        },
      },
    });
    const { result } = renderSession();
    expect(result.current.isPending).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    await waitFor(() => expect(result.current.isLoggedIn).toBe(true));
    expect(result.current.isPending).toBe(false);
  });
});
