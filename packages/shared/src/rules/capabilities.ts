import { effectiveRoles } from './roles';

// Who may do what (decision record 024). A role is what a person is (a member, a model, a writer, a team member of a
// kind); a capability is what a route or a button needs. Routes declare a capability, never a role, so a new team
// kind or a new role changes this table and nothing else. The server checks with `can`; the web hides what the server
// would refuse by asking the same function with the same subject.

export const ROLES = [
  'visitor',
  'member',
  'premium',
  'model',
  'writer',
  'retagger',
  'team',
  'support',
  'moderator',
  'finance',
  'admin',
] as const;
export type RoleName = (typeof ROLES)[number];

/** The kinds of a team member, stored per person (users.team_kinds, decision record 070); `is_team_member` alone is plain `team`. */
export const TEAM_KINDS = ['support', 'moderator', 'finance', 'admin'] as const satisfies readonly RoleName[];
export type TeamKind = (typeof TEAM_KINDS)[number];

const EVERYONE = ROLES;
const LOGGED_IN = ROLES.filter((r) => r !== 'visitor');

/** Each capability and the roles that hold it. `admin` holds every team capability and the editorial ones. */
export const CAPABILITIES = {
  /** Anyone, logged in or not. */
  public: EVERYONE,
  /** Anything of one's own account: profile, settings, catalog, messages, coins. */
  account: LOGGED_IN,
  /** Premium content and premium-only rooms (playdate rooms). */
  premium: ['premium'],
  /** The model studio: her own profile, uploads, schedule, earnings. */
  studio: ['model'],
  /** Writing and publishing blog articles. */
  'blog.write': ['writer', 'admin'],
  /** Changing the tags of videos. */
  'videos.retag': ['retagger', 'admin'],
  /** Entering the back office at all (its start page, own team profile). */
  backoffice: ['team', 'support', 'moderator', 'finance', 'admin'],
  /** Looking up an account and helping it (resend mails, reset a password link, read its payments' status). */
  'support.accounts': ['support', 'admin'],
  /** Answering the contact form and writing site messages to a person. */
  'support.messages': ['support', 'admin'],
  /** Removing anyone's comment or message. */
  'moderation.comments': ['moderator', 'admin'],
  /** Handling content reports; unpublishing videos, shoots and pages. */
  'moderation.content': ['moderator', 'admin'],
  /** Blocking and unblocking accounts. */
  'moderation.accounts': ['moderator', 'admin'],
  /** Reading payments, subscriptions and the coin ledger of anyone. */
  'finance.payments': ['finance', 'admin'],
  /** Refunding a payment, granting or taking back coins. */
  'finance.refunds': ['finance', 'admin'],
  /** Model shares and payouts. */
  'finance.payouts': ['finance', 'admin'],
  /** Team members, their kinds, feature flags and site settings. */
  'admin.team': ['admin'],
  'admin.settings': ['admin'],
  /** Reading the audit log of every back-office and studio write (decision record 070). */
  'admin.audit': ['admin'],
} as const satisfies Record<string, readonly RoleName[]>;
export type Capability = keyof typeof CAPABILITIES;
export const CAPABILITY_NAMES = Object.keys(CAPABILITIES) as Capability[];

/**
 * What both sides know of a person: the profile fields (unix seconds, as in `Profile`) plus the role tokens that
 * count (after `effectiveRoles`). null is a visitor. `team_kinds` is read only for a team member.
 */
export interface CapabilitySubject {
  premium_until: number | null;
  model_id: number | null;
  is_team_member: boolean;
  /** Role tokens (writer, retagger, …) already filtered by `effectiveRoles`. */
  roles: readonly string[];
  team_kinds?: readonly TeamKind[];
}

/** The roles of a subject at a moment: premium runs out, so `nowMs` is part of the answer. */
export function rolesOf(subject: CapabilitySubject | null | undefined, nowMs: number): RoleName[] {
  if (!subject) return ['visitor'];
  const roles: RoleName[] = ['member'];
  if (subject.premium_until != null && subject.premium_until * 1000 > nowMs) roles.push('premium');
  if (subject.model_id != null) roles.push('model');
  for (const token of effectiveRoles(subject.roles)) {
    if (token === 'writer' || token === 'retagger') roles.push(token);
  }
  if (subject.is_team_member) {
    roles.push('team');
    for (const kind of new Set(subject.team_kinds ?? [])) if ((TEAM_KINDS as readonly string[]).includes(kind)) roles.push(kind);
  }
  return roles;
}

/** Whether any of the roles holds the capability. */
export function rolesCan(roles: readonly RoleName[], capability: Capability): boolean {
  const holders: readonly RoleName[] = CAPABILITIES[capability];
  return roles.some((role) => holders.includes(role));
}

/** Whether the subject may do what the capability names, now. */
export function can(subject: CapabilitySubject | null | undefined, capability: Capability, nowMs: number): boolean {
  return rolesCan(rolesOf(subject, nowMs), capability);
}

/** Every capability the subject holds now (the web's menus, the back office's navigation). */
export function capabilitiesOf(subject: CapabilitySubject | null | undefined, nowMs: number): Capability[] {
  const roles = rolesOf(subject, nowMs);
  return CAPABILITY_NAMES.filter((capability) => rolesCan(roles, capability));
}

/** Whether a capability's holders are only logged-in people (a visitor is sent to log in, not told "forbidden"). */
export const needsLogin = (capability: Capability) => !rolesCan(['visitor'], capability);
