import { createHash, randomBytes } from 'node:crypto';
import { DAY_MS, SESSION_LIFETIME_DAYS } from '@velora/shared';
import type { Queryable } from '../../db/database';
import type { Platform } from '../../platform';
import { sessionsRepository } from './sessions.repository';

// One lifetime for the session and the web's access-token cookie (packages/shared).
export const SESSION_TTL_MS = SESSION_LIFETIME_DAYS * DAY_MS;

export interface AuthContext {
  userId: number;
  sessionId: number;
  premiumUntil: Date | null;
  isTeamMember: boolean;
  modelId: number | null;
  country: string | null;
  roles: string[];
}

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');
export const newSecret = () => randomBytes(32).toString('base64url');

export function createSessionsService({ db, now }: Pick<Platform, 'db' | 'now'>) {
  return {
    /** Issues a new opaque bearer token; only its hash is kept. */
    async create(userId: number, meta: { userAgent?: string | null; ip?: string | null } = {}, tx: Queryable = db) {
      const token = newSecret();
      const expiresAt = new Date(now().getTime() + SESSION_TTL_MS);
      await sessionsRepository.insert(tx, { userId, tokenHash: hashSecret(token), expiresAt, userAgent: meta.userAgent ?? null, ip: meta.ip ?? null });
      return { token, expiresAt };
    },

    async resolve(token: string): Promise<AuthContext | null> {
      if (!token || token.length > 200) return null;
      const row = await sessionsRepository.findActive(db, hashSecret(token), now());
      if (!row) return null;
      return {
        userId: row.user_id,
        sessionId: row.session_id,
        premiumUntil: row.premium_until,
        isTeamMember: row.is_team_member,
        modelId: row.model_id,
        country: row.country,
        roles: row.roles,
      };
    },

    revoke: (sessionId: number) => sessionsRepository.revoke(db, sessionId),
    revokeAllForUser: (userId: number, tx: Queryable = db) => sessionsRepository.revokeAllForUser(tx, userId),
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
