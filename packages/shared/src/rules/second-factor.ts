import type { Capability, CapabilitySubject } from './capabilities';

const HOUR_MS = 60 * 60 * 1000;

// Two-factor sign-in for the people who work on the site (decision record 070): a team member of any kind, a model, a
// writer or a retagger proves a code of their authenticator app (TOTP) after the password, and every call that needs a
// staff capability needs that proof, made on this session within the last SECOND_FACTOR_VALID_HOURS. A customer's
// calls (public, account, premium) never ask for it.

/** How long a proven second factor lets a session make back-office and studio calls before it asks again. */
export const SECOND_FACTOR_VALID_HOURS = 12;
export const SECOND_FACTOR_VALID_MS = SECOND_FACTOR_VALID_HOURS * HOUR_MS;

/** How many recovery codes a person gets at once; each works once, in place of a code of the app. */
export const RECOVERY_CODE_COUNT = 10;

/** A code of the authenticator app: six digits (RFC 6238's default, what every app shows). */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** A recovery code as shown: two groups of five lower-case letters and digits (50 bits), e.g. `k3m9p-x2w7q`. */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-[a-z0-9]{5}$/;

/** What the 403 of a staff call says when the session has not proven its second factor lately. */
export const SECOND_FACTOR_REFUSALS = {
  /** The person has an authenticator: enter a code. */
  required: 'SECOND_FACTOR_REQUIRED',
  /** The person has none yet: set one up first. */
  setup: 'SECOND_FACTOR_SETUP_REQUIRED',
} as const;

const CUSTOMER_CAPABILITIES: readonly Capability[] = ['public', 'account', 'premium'];

/** Whether a call that needs this capability needs a proven second factor (every staff capability does). */
export const needsSecondFactor = (capability: Capability): boolean => !CUSTOMER_CAPABILITIES.includes(capability);

/**
 * Whether the person works on the site and so signs in with a second factor: a team member, a model, a writer or a
 * retagger. Read from the stored roles, not the ones switched off on a device: switching a role off does not lift
 * the duty.
 */
export function worksOnSite(subject: Pick<CapabilitySubject, 'is_team_member' | 'model_id' | 'roles'> | null | undefined): boolean {
  if (!subject) return false;
  return subject.is_team_member || subject.model_id != null || subject.roles.includes('writer') || subject.roles.includes('retagger');
}

/** A session and the second factor, as the profile says it. */
export const SECOND_FACTOR_STATES = ['not-needed', 'setup', 'pending', 'verified'] as const;
export type SecondFactorSessionState = (typeof SECOND_FACTOR_STATES)[number];

/** Whether a second factor proven at `provenAtMs` still counts at `nowMs`. */
export const secondFactorFresh = (provenAtMs: number | null | undefined, nowMs: number): boolean =>
  provenAtMs != null && provenAtMs <= nowMs && nowMs - provenAtMs < SECOND_FACTOR_VALID_MS;

/** The state of a session: what the profile says and what a staff call's refusal names. */
export function secondFactorStateOf(
  person: { worksOnSite: boolean; enrolled: boolean; provenAtMs: number | null },
  nowMs: number,
): SecondFactorSessionState {
  if (!person.worksOnSite) return 'not-needed';
  if (!person.enrolled) return 'setup';
  return secondFactorFresh(person.provenAtMs, nowMs) ? 'verified' : 'pending';
}
