import { z } from 'zod';
import { TEAM_KINDS } from '../rules/capabilities';
import { plainLine } from './common';

// The team (decision record 070): who works on the site, of which team kinds and editorial roles; managed by admins.

/** The editorial roles the back office grants (product §6's Writer and Retagger). */
export const STAFF_ROLES = ['writer', 'retagger'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const TeamMember = z
  .object({
    user_id: z.number().int(),
    username: z.string(),
    email: z.string(),
    is_team_member: z.boolean(),
    team_kinds: z.array(z.enum(TEAM_KINDS)),
    roles: z.array(z.enum(STAFF_ROLES)),
    /** The catalog model the account belongs to (a model's account), or null. */
    model: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    /** Whether an authenticator app is set up (two-factor sign-in). */
    second_factor_enrolled: z.boolean(),
  })
  .meta({ id: 'TeamMember' });
export type TeamMember = z.infer<typeof TeamMember>;

export const TeamList = z.object({ members: z.array(TeamMember) }).meta({ id: 'TeamList' });
export type TeamList = z.infer<typeof TeamList>;

const kinds = z
  .array(z.enum(TEAM_KINDS, { message: `Must be among ${TEAM_KINDS.join(', ')}` }))
  .max(TEAM_KINDS.length)
  .refine((list) => new Set(list).size === list.length, 'Must not repeat a kind')
  .meta({ uniqueItems: true });
const roles = z
  .array(z.enum(STAFF_ROLES, { message: `Must be among ${STAFF_ROLES.join(', ')}` }))
  .max(STAFF_ROLES.length)
  .refine((list) => new Set(list).size === list.length, 'Must not repeat a role')
  .meta({ uniqueItems: true });

/** What a person does on the site: on the team (with kinds, possibly none) or not, and the editorial roles. */
export const TeamMembershipBody = z.object({
  team_member: z.boolean(),
  team_kinds: kinds,
  roles,
});
export type TeamMembershipBody = z.infer<typeof TeamMembershipBody>;

export const AddTeamMemberBody = TeamMembershipBody.extend({
  /** The person's username or email address: they have an account already. */
  login: z.string().trim().min(1, 'Required').max(254, 'Must be at most 254 characters').check(...plainLine()),
});
export type AddTeamMemberBody = z.infer<typeof AddTeamMemberBody>;

/** A user id: PostgreSQL's integer, so one past its range is a 400 naming the parameter, never a 500. */
export const TeamMemberParams = z.object({ user_id: z.coerce.number().int('Must be a user id').positive('Must be a user id').max(2_147_483_647, 'Must be a user id') });
