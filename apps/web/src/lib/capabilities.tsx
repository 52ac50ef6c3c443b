import type { Capability, CapabilitySubject, Profile, RoleName } from '@velora/shared';
import { CAPABILITIES, CAPABILITY_NAMES, can } from '@velora/shared';
import type { ReactNode } from 'react';
import { createContext, useContext, useMemo } from 'react';
import { useActiveRoles } from './roles';

// What the current person may do, from the shared capability table (decision record 024) — the same `can()` the
// server's auth hook asks, with the same subject: the profile plus the role tokens that count (held, and not switched
// off in this browser). The web hides what the server would refuse; the server still checks every call.

/** The profile fields the capability table reads. */
export type CapabilityProfile = Pick<Profile, 'premium_until' | 'model_id' | 'is_team_member'> & Partial<Pick<Profile, 'team_kinds'>>;

/** The subject of `can()` for a profile (null: a visitor) and the role tokens that count. */
export function capabilitySubject(profile: CapabilityProfile | null, roleTokens: readonly string[] = []): CapabilitySubject | null {
  if (!profile) return null;
  return {
    premium_until: profile.premium_until,
    model_id: profile.model_id,
    is_team_member: profile.is_team_member,
    roles: roleTokens,
    team_kinds: profile.team_kinds ?? [],
  };
}

/** The roles that come from role tokens (GET /roles) rather than the profile. */
const TOKEN_ROLES: readonly RoleName[] = ['writer', 'retagger'];

/**
 * Whether the answer for a capability depends on the role tokens; if not, the profile alone decides and /roles is not
 * asked. Everyone with a token is a member, so a capability every member holds never depends on them.
 */
export function dependsOnRoleTokens(capability: Capability): boolean {
  const holders: readonly RoleName[] = CAPABILITIES[capability];
  return !holders.includes('member') && holders.some((role) => TOKEN_ROLES.includes(role));
}

const CapabilityProfileContext = createContext<CapabilityProfile | null>(null);

/** The app hands the session's profile down here (a feature may not read another feature's session). */
export function CapabilityProfileProvider({ profile, children }: { profile: CapabilityProfile | null; children: ReactNode }) {
  return <CapabilityProfileContext.Provider value={profile}>{children}</CapabilityProfileContext.Provider>;
}

/** The model the current person's account belongs to (null: a visitor, or an account that is no model's). */
export function useOwnModelId(): number | null {
  return useContext(CapabilityProfileContext)?.model_id ?? null;
}

function useSubject(withRoleTokens: boolean): { subject: CapabilitySubject | null; isPending: boolean } {
  const profile = useContext(CapabilityProfileContext);
  const { roles, isPending } = useActiveRoles(withRoleTokens && profile !== null);
  const tokens = useMemo(() => roles.map((role) => role.token), [roles]);
  return { subject: capabilitySubject(profile, tokens), isPending };
}

/**
 * Whether the current person may do what the capability names, now. Without a provider the person is a visitor.
 * A writer's or retagger's capability is false while GET /roles loads, and turns false at once when the role is
 * switched off in this browser (the server reads the same cookie).
 */
export function useCan(capability: Capability): boolean {
  const { subject } = useSubject(dependsOnRoleTokens(capability));
  return can(subject, capability, Date.now());
}

export interface Capabilities {
  /** Every capability held now, in the table's order. */
  capabilities: readonly Capability[];
  can: (capability: Capability) => boolean;
  /** True while the role tokens load (a logged-in person's writer and retagger capabilities are not known yet). */
  isPending: boolean;
}

/** Every capability of the current person (for menus that list several; a single check is `useCan`). */
export function useCapabilities(): Capabilities {
  const { subject, isPending } = useSubject(true);
  const now = Date.now();
  const held = CAPABILITY_NAMES.filter((capability) => can(subject, capability, now));
  return { capabilities: held, can: (capability) => held.includes(capability), isPending };
}
