import { createHash, randomBytes } from 'node:crypto';
import { DAY_MS, SESSION_LIFETIME_DAYS, TEAM_KINDS, worksOnSite, type TeamKind } from '@velora/shared';

const isTeamKind = (kind: string): kind is TeamKind => (TEAM_KINDS as readonly string[]).includes(kind);
import type { Queryable } from '../../db/database';
import type { Platform } from '../../platform';
import { createTableCache } from '../../lib/table-cache';
import { sessionsRepository, type SessionRow } from './sessions.repository';

// One lifetime for the session and the web's access-token cookie (packages/shared).
export const SESSION_TTL_MS = SESSION_LIFETIME_DAYS * DAY_MS;

export interface AuthContext {
  userId: number;
  sessionId: number;
  premiumUntil: Date | null;
  isTeamMember: boolean;
  /** The kinds of a team member (support, moderator, finance, admin); empty for anyone else. */
  teamKinds: TeamKind[];
  modelId: number | null;
  country: string | null;
  roles: string[];
  /** Whether the person works on the site and so needs a second factor (from the stored roles, decision record 070). */
  worksOnSite: boolean;
  /** Whether an authenticator app is set up and confirmed. */
  secondFactorEnrolled: boolean;
  /** When this session last proved the second factor; null when it never did. */
  secondFactorAt: Date | null;
}

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');
export const newSecret = () => randomBytes(32).toString('base64url');

export interface RevokeAllOptions {
  /** The session that stays (the device that changed the password). */
  except?: number;
  /**
   * The transaction the revocation belongs to. Its sessions' connections are then NOT closed here (a connection closed
   * before the commit could come straight back in): the caller passes the returned ids to `disconnect` after it.
   */
  tx?: Queryable;
}

/** A log-out: one session of the user ended by its owner (not an expiry, not a password change's sweep). */
export interface LoggedOut {
  userId: number;
  sessionId: number;
}

/**
 * Every API call resolves its bearer token; the answer is kept in memory until the session, its user or the user's
 * roles change (a write here, or another instance's told by PostgreSQL), and a minute at most (decision record 051).
 */
export const SESSION_CACHE = { max: 20_000, maxBytes: 4 * 1024 * 1024, ttlMs: 60_000 };

export function createSessionsService({ db, now, realtime, log }: Pick<Platform, 'db' | 'now' | 'realtime'> & { log?: Pick<Platform['log'], 'error'> }) {
  // An unknown token is kept too (as false): a client repeating a dead token costs no query either.
  const byTokenHash = createTableCache<SessionRow | false>({ tables: ['sessions', 'users', 'user_roles', 'user_second_factors'], changes: db.changes, ...SESSION_CACHE });
  const logoutListeners: Array<(event: LoggedOut) => void | Promise<void>> = [];
  return {
    /** Told after a log-out (chat sessions end the member's chat with 101, a live model's room with 203). */
    onLoggedOut(listener: (event: LoggedOut) => void | Promise<void>): void {
      logoutListeners.push(listener);
    },

    /** Issues a new opaque bearer token; only its hash is kept. */
    async create(userId: number, meta: { userAgent?: string | null; ip?: string | null } = {}, tx: Queryable = db) {
      const token = newSecret();
      const expiresAt = new Date(now().getTime() + SESSION_TTL_MS);
      const sessionId = await sessionsRepository.insert(tx, { userId, tokenHash: hashSecret(token), expiresAt, userAgent: meta.userAgent ?? null, ip: meta.ip ?? null });
      return { token, expiresAt, sessionId };
    },

    async resolve(token: string): Promise<AuthContext | null> {
      if (!token || token.length > 200) return null;
      const row = await byTokenHash.get(hashSecret(token), async () => (await sessionsRepository.findActive(db, hashSecret(token), now())) ?? false);
      // The clock moves on while an entry is kept: an expired session is one whatever the cache holds.
      if (!row || new Date(row.expires_at).getTime() <= now().getTime()) return null;
      return {
        userId: row.user_id,
        sessionId: row.session_id,
        premiumUntil: row.premium_until,
        isTeamMember: row.is_team_member,
        teamKinds: row.team_kinds.filter(isTeamKind),
        modelId: row.model_id,
        country: row.country,
        roles: row.roles,
        worksOnSite: worksOnSite({ is_team_member: row.is_team_member, model_id: row.model_id, roles: row.roles }),
        secondFactorEnrolled: row.second_factor_enrolled,
        secondFactorAt: row.second_factor_at,
      };
    },

    /** Ends one session: its token stops working and its realtime connections close at once, on every instance. */
    async revoke(sessionId: number) {
      const userId = await sessionsRepository.revoke(db, sessionId);
      realtime.disconnectSessions([sessionId]);
      if (userId === null) return;
      for (const listener of logoutListeners) {
        try {
          await listener({ userId: Number(userId), sessionId });
        } catch (err) {
          log?.error({ err, sessionId }, 'log-out listener failed');
        }
      }
    },

    /** Ends every session of the user (but `except`); returns their ids. See RevokeAllOptions.tx. */
    async revokeAllForUser(userId: number, options: RevokeAllOptions = {}): Promise<number[]> {
      const ids = await sessionsRepository.revokeAllForUser(options.tx ?? db, userId, options.except ?? null);
      if (!options.tx) realtime.disconnectSessions(ids);
      return ids;
    },

    /** Records that the session proved its second factor (decision record 070). */
    markSecondFactor: (sessionId: number, tx: Queryable = db) => sessionsRepository.markSecondFactor(tx, sessionId, now()),

    /** Closes the realtime connections of sessions ended in a transaction that has committed. */
    disconnect: (sessionIds: readonly number[]) => realtime.disconnectSessions(sessionIds),
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
