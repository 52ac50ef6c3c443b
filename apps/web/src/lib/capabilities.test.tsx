import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { Capability, RoleName, RoleToken } from '@velora/shared';
import { CAPABILITIES, CAPABILITY_NAMES } from '@velora/shared';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CapabilityProfile } from './capabilities';
import { CapabilityProfileProvider, dependsOnRoleTokens, useCan, useCapabilities } from './capabilities';
import type * as Http from './http';
import { api } from './http';
import { setRoleDisabled } from './roles';

vi.mock('./http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const mockedApi = vi.mocked(api);
const HOUR_S = 3600;
const nowS = () => Math.floor(Date.now() / 1000);
const member: CapabilityProfile = { premium_until: null, model_id: null, is_team_member: false };

/** Renders `hook` for a person: the profile (null: a visitor) and the role tokens GET /roles answers. */
function renderFor<T>(hook: () => T, profile: CapabilityProfile | null, tokens: RoleToken[] = []) {
  mockedApi.get.mockImplementation(async (path: string) => {
    if (path === '/roles') return tokens.map((token) => ({ token }));
    throw new Error(`Unexpected GET ${path}`);
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <CapabilityProfileProvider profile={profile}>{children}</CapabilityProfileProvider>
    </QueryClientProvider>
  );
  return renderHook(hook, { wrapper });
}

/** The capabilities the table gives to holders of any of `roles`, read from the table itself. */
const fromTable = (roles: readonly RoleName[]): Capability[] =>
  CAPABILITY_NAMES.filter((capability) => (CAPABILITIES[capability] as readonly RoleName[]).some((role) => roles.includes(role)));

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  setRoleDisabled('writer', false);
  setRoleDisabled('retagger', false);
});

describe('useCapabilities: each role sees exactly the capabilities of the shared table', () => {
  const rows: Array<[string, CapabilityProfile | null, RoleToken[], RoleName[]]> = [
    ['a visitor', null, [], ['visitor']],
    ['a member', member, [], ['member']],
    ['a premium member', { ...member, premium_until: nowS() + HOUR_S }, [], ['member', 'premium']],
    ['a member whose premium ran out', { ...member, premium_until: nowS() - HOUR_S }, [], ['member']],
    ['a model', { ...member, model_id: 3 }, [], ['member', 'model']],
    ['a writer', member, ['writer'], ['member', 'writer']],
    ['a retagger', member, ['retagger'], ['member', 'retagger']],
    ['a restricted viewer (censored is not a role)', member, ['censored'], ['member']],
    ['a team member', { ...member, is_team_member: true }, [], ['member', 'team']],
    ['a premium model who writes', { ...member, premium_until: nowS() + HOUR_S, model_id: 3 }, ['writer'], ['member', 'premium', 'model', 'writer']],
  ];

  it.each(rows)('%s', async (_who, profile, tokens, roles) => {
    const { result } = renderFor(() => useCapabilities(), profile, tokens);
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(result.current.capabilities).toEqual(fromTable(roles));
    for (const capability of CAPABILITY_NAMES) expect(result.current.can(capability)).toBe(fromTable(roles).includes(capability));
  });

  it('spelt out for the plain roles, so a change of the table shows here', async () => {
    const visitor = renderFor(() => useCapabilities(), null);
    expect(visitor.result.current.capabilities).toEqual(['public']);
    const writer = renderFor(() => useCapabilities(), member, ['writer']);
    await waitFor(() => expect(writer.result.current.capabilities).toEqual(['public', 'account', 'blog.write']));
    const team = renderFor(() => useCapabilities(), { ...member, is_team_member: true });
    await waitFor(() => expect(team.result.current.isPending).toBe(false));
    expect(team.result.current.capabilities).toEqual(['public', 'account', 'backoffice']);
  });
});

describe('useCan', () => {
  it('is a visitor without a provider', () => {
    const client = new QueryClient();
    const { result } = renderHook(() => [useCan('public'), useCan('account')], {
      wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });
    expect(result.current).toEqual([true, false]);
  });

  it('asks GET /roles only for a capability a role token grants', async () => {
    const premium = renderFor(() => useCan('premium'), { ...member, premium_until: nowS() + HOUR_S }, ['writer']);
    expect(premium.result.current).toBe(true);
    expect(mockedApi.get).not.toHaveBeenCalled();
    expect(CAPABILITY_NAMES.filter(dependsOnRoleTokens)).toEqual(['blog.write', 'videos.retag']);

    const writes = renderFor(() => useCan('blog.write'), member, ['writer']);
    await waitFor(() => expect(writes.result.current).toBe(true));
    expect(mockedApi.get).toHaveBeenCalledWith('/roles', undefined, expect.anything());
  });

  it('loses a role capability at once when the role is switched off in this browser, and gets it back', async () => {
    const { result } = renderFor(() => ({ write: useCan('blog.write'), retag: useCan('videos.retag') }), member, ['writer', 'retagger']);
    await waitFor(() => expect(result.current).toEqual({ write: true, retag: true }));
    act(() => setRoleDisabled('writer', true));
    expect(result.current).toEqual({ write: false, retag: true });
    act(() => setRoleDisabled('writer', false));
    expect(result.current).toEqual({ write: true, retag: true });
  });

  it('asks nothing for a visitor, who holds no role tokens', () => {
    const { result } = renderFor(() => useCan('blog.write'), null, ['writer']);
    expect(result.current).toBe(false);
    expect(mockedApi.get).not.toHaveBeenCalled();
  });
});
