import type { UserRow } from '../../src/modules/users/users.repository';
import { DAY_MS, type FactoryContext } from './context';
import { createModel } from './catalog';
import { createUser, type UserOverrides } from './users';

// Logging in as the sessions service does after a password check (POST /auth/login), without the check: no Argon2
// per test. A test about the password logs in through the endpoint instead.

export interface LoggedIn {
  user: UserRow;
  /** The user's id (user.id), for the many tests that only need that. */
  id: number;
  /** The opaque bearer token of a fresh session. */
  token: string;
  /** Ready for `t.app.inject({ headers })`. */
  headers: { authorization: string };
}

export interface Visitor {
  user: null;
  id: null;
  token: null;
  headers: Record<string, never>;
}

/** The bearer header of a token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A new session of `user`, through the app's sessions service. */
export async function loginAs(t: FactoryContext, user: UserRow): Promise<LoggedIn> {
  const { token } = await t.services.sessions.create(user.id);
  return { user, id: user.id, token, headers: bearer(token) };
}

/** Someone without an account: no token, no headers. */
export const asVisitor = (): Visitor => ({ user: null, id: null, token: null, headers: {} });

/** A member (registered, not premium). */
export const asMember = async (t: FactoryContext, overrides: UserOverrides = {}) => loginAs(t, await createUser(t, overrides));

/** A premium member: premium until 30 days after the test clock, unless `premiumUntil` says otherwise. */
export const asPremium = (t: FactoryContext, overrides: UserOverrides = {}) =>
  asMember(t, { premiumUntil: new Date(t.deps.now().getTime() + 30 * DAY_MS), ...overrides });

/** A model's account (users.model_id): of a new catalog model unless `modelId` names one. */
export const asModel = async (t: FactoryContext, overrides: UserOverrides = {}) =>
  asMember(t, { ...overrides, modelId: overrides.modelId ?? (await createModel(t)).id });

/** A member with the writer role. */
export const asWriter = (t: FactoryContext, overrides: UserOverrides = {}) => asMember(t, { ...overrides, roles: ['writer', ...(overrides.roles ?? [])] });

/** A member with the retagger role. */
export const asRetagger = (t: FactoryContext, overrides: UserOverrides = {}) =>
  asMember(t, { ...overrides, roles: ['retagger', ...(overrides.roles ?? [])] });

/** A restricted member (the censored role: placeholders instead of pictures, product §6). */
export const asCensored = (t: FactoryContext, overrides: UserOverrides = {}) =>
  asMember(t, { ...overrides, roles: ['censored', ...(overrides.roles ?? [])] });

/** A team member (users.is_team_member). */
export const asTeam = (t: FactoryContext, overrides: UserOverrides = {}) => asMember(t, { ...overrides, teamMember: true });
