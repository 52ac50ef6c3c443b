import type { AuthContext } from '../../src/modules/sessions/sessions.service';

/**
 * A session's auth context as the sessions service resolves it, for tests that call a service or a hook without a
 * real session: a plain member's, with `overrides`.
 */
export const authContextOf = (overrides: Partial<AuthContext> = {}): AuthContext => ({
  userId: 1,
  sessionId: 1,
  premiumUntil: null,
  isTeamMember: false,
  teamKinds: [],
  modelId: null,
  country: null,
  roles: [],
  worksOnSite: false,
  secondFactorEnrolled: false,
  secondFactorAt: null,
  ...overrides,
});
