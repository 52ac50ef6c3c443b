import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from './http';
import { api } from './http';
import { setRoleDisabled, useActiveRoles, useDisabledRoles, useHasRole } from './roles';
import { getCookie, STORAGE_KEYS } from './storage';

vi.mock('./http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const mockedApi = vi.mocked(api);

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

beforeEach(() => {
  vi.clearAllMocks();
  mockedApi.get.mockResolvedValue([{ token: 'writer' }, { token: 'retagger' }]);
});

describe('role checks (product §6)', () => {
  it('count the roles from GET /roles', async () => {
    const { result } = renderHook(() => ({ active: useActiveRoles(), writer: useHasRole('writer') }), { wrapper });
    await waitFor(() => expect(result.current.active.roles.map((r) => r.token)).toEqual(['writer', 'retagger']));
    expect(result.current.writer).toBe(true);
    expect(mockedApi.get).toHaveBeenCalledWith('/roles', undefined, expect.anything());
  });

  it('ignore a role switched off locally, at once, and write the 14-day cookie', async () => {
    const { result } = renderHook(() => ({ active: useActiveRoles(), writer: useHasRole('writer'), disabled: useDisabledRoles() }), { wrapper });
    await waitFor(() => expect(result.current.writer).toBe(true));
    act(() => setRoleDisabled('writer', true));
    expect(getCookie(STORAGE_KEYS.disabledRoles)).toBe('writer');
    expect(result.current.writer).toBe(false);
    expect(result.current.disabled).toEqual(['writer']);
    expect(result.current.active.roles.map((r) => r.token)).toEqual(['retagger']);
    act(() => setRoleDisabled('writer', false));
    expect(getCookie(STORAGE_KEYS.disabledRoles)).toBeNull();
    expect(result.current.writer).toBe(true);
  });

  it('ask nothing for a visitor, who holds no roles', () => {
    const { result } = renderHook(() => useActiveRoles(false), { wrapper });
    expect(result.current).toEqual({ roles: [], isPending: false });
    expect(mockedApi.get).not.toHaveBeenCalled();
  });
});
