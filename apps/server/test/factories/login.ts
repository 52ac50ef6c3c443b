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
  /** The session's id (a test that moves the clock past the second factor's window proves it again). */
  sessionId: number;
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

/** The authenticator secret every staff account of the factories has (a test of a code computes it from this). */
export const TEST_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export interface LoginOptions {
  /**
   * For a person who works on the site (decision record 070): 'proven' (the default) logs in as the log-in with a code
   * of the app ends, with the app set up and this session proven; 'pending' with the app set up and no code entered
   * yet; 'none' without an app.
   */
  secondFactor?: 'proven' | 'pending' | 'none';
}

/** A new session of `user`, through the app's sessions service. */
export async function loginAs(t: FactoryContext, user: UserRow, options: LoginOptions = {}): Promise<LoggedIn> {
  const { token, sessionId } = await t.services.sessions.create(user.id);
  const staff = user.is_team_member || user.model_id !== null || (await userHasStaffRole(t, user.id));
  const secondFactor = options.secondFactor ?? 'proven';
  if (staff && secondFactor !== 'none') {
    // A second log-in keeps the app the person has (and the codes it used).
    const enrolled = await t.deps.db.query('SELECT 1 FROM user_second_factors WHERE user_id = $1 AND confirmed_at IS NOT NULL', [user.id]);
    if (enrolled.length === 0) await t.services.secondFactor.enroll(user.id, TEST_TOTP_SECRET);
    if (secondFactor === 'proven') await t.services.sessions.markSecondFactor(sessionId);
  }
  return { user, id: user.id, token, sessionId, headers: bearer(token) };
}

/**
 * The session proves its second factor again at the test clock's now, as a person enters a code when the studio asks
 * after the proof's hours ran out (decision record 070): for tests that move the clock by days.
 */
export const proveSecondFactorAgain = (t: FactoryContext, who: Pick<LoggedIn, 'sessionId'>) => t.services.sessions.markSecondFactor(who.sessionId);

const userHasStaffRole = async (t: FactoryContext, userId: number) =>
  (await t.deps.db.query<{ n: number }>("SELECT count(*)::int AS n FROM user_roles WHERE user_id = $1 AND role IN ('writer', 'retagger')", [userId]))[0]!.n > 0;

/** Someone without an account: no token, no headers. */
export const asVisitor = (): Visitor => ({ user: null, id: null, token: null, headers: {} });

/** A member (registered, not premium). */
export const asMember = async (t: FactoryContext, overrides: UserOverrides = {}, login: LoginOptions = {}) => loginAs(t, await createUser(t, overrides), login);

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

/** A team member (users.is_team_member); with `teamKinds`, of those kinds. */
export const asTeam = (t: FactoryContext, overrides: UserOverrides = {}) => asMember(t, { ...overrides, teamMember: true });

/** A team admin (kind admin): the team, the site's settings and the audit log. */
export const asAdmin = (t: FactoryContext, overrides: UserOverrides = {}) => asMember(t, { ...overrides, teamMember: true, teamKinds: ['admin'] });
