import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role, RoleToken } from '@velora/shared';
import { useSyncExternalStore } from 'react';
import { requireData } from './http';
import { call } from './http/call';
import { activeRoles, getDisabledRoles, setDisabledRoles } from './storage';

// Role checks of product §6 for every screen: the roles come from GET /roles, and a role the user switched off
// locally (the disabled-roles cookie, which the server reads too) does not count. Any feature asks here.

/** GET /roles: the role tokens the user holds, also those switched off locally (so they can be switched back on). */
export async function getRoles(signal?: AbortSignal): Promise<Role[]> {
  return requireData(call('user.roles', undefined, { signal }));
}

/** Session-bound (no sessionIndependent meta): a log-in or log-out refetches or drops it. */
export const rolesQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'roles'] as const,
    queryFn: ({ signal }) => getRoles(signal),
    staleTime: 5 * 60_000,
  });

/** The roles held; pass `enabled: false` for visitors (they hold none). */
export function useRoles(enabled = true) {
  return useQuery({ ...rolesQueryOptions(), enabled });
}

// The cookie is the store; components re-render when this tab changes it.
const listeners = new Set<() => void>();
let snapshot: readonly string[] = [];
let snapshotKey: string | null = null;

function readDisabled(): readonly string[] {
  const current = getDisabledRoles();
  const key = current.join(',');
  // The same list must be the same array, or useSyncExternalStore would loop.
  if (key !== snapshotKey) {
    snapshot = current;
    snapshotKey = key;
  }
  return snapshot;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The role tokens switched off in this browser. */
export function useDisabledRoles(): readonly string[] {
  return useSyncExternalStore(subscribe, readDisabled, readDisabled);
}

/** Switches a role off (or back on) in this browser: the cookie of product §6, 14 days. */
export function setRoleDisabled(token: string, disabled: boolean): void {
  const current = getDisabledRoles();
  setDisabledRoles(disabled ? [...current, token] : current.filter((t) => t !== token));
  for (const listener of listeners) listener();
}

/** The roles that count for role checks: held, and not switched off locally. */
export function useActiveRoles(enabled = true): { roles: Role[]; isPending: boolean } {
  const { data, isPending } = useRoles(enabled);
  const disabled = useDisabledRoles();
  return { roles: activeRoles(data ?? [], disabled), isPending: enabled && isPending };
}

/** Whether a role counts for the current user (false while the roles load, and for visitors). */
export function useHasRole(token: RoleToken, enabled = true): boolean {
  return useActiveRoles(enabled).roles.some((role) => role.token === token);
}
